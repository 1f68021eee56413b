/** The user administration screen (/organization/user), loaded when first opened. */
export { UsersPage as default } from './components/UsersPage';
