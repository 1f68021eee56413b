import type { en } from './i18n/en';

/** The user administration screen (/organization/user), loaded when first opened. */
export { UsersPage as default } from './components/UsersPage';

/** The feature's texts, typed by its English catalog (i18n/featureNamespaces.ts). */
export type UsersCatalog = typeof en;
