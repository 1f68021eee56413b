import type { en } from './i18n/en';

/** The renewal screens (/renewal/renewalAlarm, /renewal/all, /renewal/unpaid); loaded when first opened. */
export { RenewalAlarmPage } from './components/RenewalAlarmPage';
export { RenewalAllPage, RenewalUnpaidPage } from './components/RenewalListPage';

/** The shape of the `renewal` texts, for the typed feature namespaces (a type only: nothing is loaded). */
export type RenewalCatalog = typeof en;
