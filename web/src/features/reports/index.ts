/** Reports (/report/nav, /report/detailList, /report/products): OEE, cycle time and energy over moulds and periods. */
import type { en } from './i18n/en';

/** The feature's texts (i18n/featureNamespaces.ts types its namespace by them). */
export type ReportsCatalog = typeof en;

/**
 * Each screen loads its own chunk (app/screens.ts calls these after loading this index): the charts
 * screen does not bring the table (antd Table with its pagination, dropdown, checkbox and radio), nor
 * the table screen the charts. Loaders, not lazy components: React cannot render a lazy component
 * that resolves to another.
 */
export const loadReportNavPage = () =>
  import('./components/ReportNavPage').then((module) => ({ default: module.ReportNavPage }));
export const loadReportDetailPage = () =>
  import('./components/ReportDetailPage').then((module) => ({ default: module.ReportDetailPage }));
export const loadProductListPage = () =>
  import('./components/ProductListPage').then((module) => ({ default: module.ProductListPage }));
