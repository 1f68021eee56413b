import type { en } from './i18n/en';
import './catalog';

export { SharesMadePage } from './components/SharesMadePage';
export { SharesReceivedPage } from './components/SharesReceivedPage';
export { ShareLinkPage } from './components/ShareLinkPage';

/** The share dialog; the mould list loads this index when the dialog is first opened. */
export { ShareDialog } from './components/ShareDialog';

/** The feature's texts, typed by its English catalog (i18n/featureNamespaces.ts). */
export type SharingCatalog = typeof en;
