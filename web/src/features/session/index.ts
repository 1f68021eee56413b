export { LoginPage } from './components/LoginPage';
export { PersonalInfoDialog } from './components/PersonalInfoDialog';
export { ChangePasswordDialog } from './components/ChangePasswordDialog';
export { useConfirmLogout } from './components/useConfirmLogout';
export { getUserInfo, useUserInfo } from './api/getUserInfo';
export { savePreferences } from './api/updateUserInfo';
