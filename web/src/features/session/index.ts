import { lazy } from 'react';

export { LoginPage } from './components/LoginPage';
export { useConfirmLogout } from './components/useConfirmLogout';
export { getUserInfo, useUserInfo } from './api/getUserInfo';
export { savePreferences } from './api/updateUserInfo';

/** The dialogs load when first opened, keeping them out of the login and home bundles. */
export const PersonalInfoDialog = lazy(() =>
  import('./components/PersonalInfoDialog').then((module) => ({ default: module.PersonalInfoDialog })),
);
export const ChangePasswordDialog = lazy(() =>
  import('./components/ChangePasswordDialog').then((module) => ({ default: module.ChangePasswordDialog })),
);
