import { lazy } from 'react';

export { useConfirmLogout } from './components/useConfirmLogout';
export { getUserInfo, useUserInfo } from './api/getUserInfo';
export { savePreferences } from './api/updateUserInfo';

/** The login page loads when /login renders, keeping its form engine and rules out of the console's bundle. */
export const LoginPage = lazy(() => import('./components/LoginPage').then((module) => ({ default: module.LoginPage })));

/** The dialogs load when first opened, keeping them out of the login and home bundles. */
export const PersonalInfoDialog = lazy(() =>
  import('./components/PersonalInfoDialog').then((module) => ({ default: module.PersonalInfoDialog })),
);
export const ChangePasswordDialog = lazy(() =>
  import('./components/ChangePasswordDialog').then((module) => ({ default: module.ChangePasswordDialog })),
);
