import type { en } from './i18n/en';

/** The work order screen (/workorder); loaded when first opened. */
export { WorkOrderPage } from './components/WorkOrderPage';

/** The shape of the `workOrders` texts, for the typed feature namespaces (a type only: nothing is loaded). */
export type WorkOrdersCatalog = typeof en;
