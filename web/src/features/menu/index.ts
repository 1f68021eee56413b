export { getMenu, menuQueryOptions, useMenu, MENU_LIMIT } from './api/getMenu';
