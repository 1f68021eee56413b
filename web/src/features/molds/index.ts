import type { en } from './i18n/en';

/** The mould list screen (/moldsetting/mold) with its multi-step form; loaded when first opened. */
export { MoldListPage } from './components/MoldListPage';

/** The shape of the `molds` texts, for the typed feature namespaces (a type only: nothing is loaded). */
export type MoldsCatalog = typeof en;
