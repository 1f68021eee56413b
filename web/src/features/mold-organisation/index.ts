/** Companies and mould groups (/moldsetting/company, /moldsetting/moldgroup) and the pickers the mould screens borrow. */
import type { en } from './i18n/en';

/** The feature's texts (i18n/featureNamespaces.ts types its namespace by them). */
export type MoldOrganisationCatalog = typeof en;

/**
 * The two list screens load when opened (app/screens.ts calls these after loading this index): the
 * screens that borrow the pickers (reports, alarms, maintenance) do not bring the lists, their
 * dialogs and form engine along. Loaders, not lazy components: React cannot render a lazy component
 * that resolves to another.
 */
export const loadCompanyPage = () =>
  import('./components/CompanyPage').then((module) => ({ default: module.CompanyPage }));
export const loadMoldGroupPage = () =>
  import('./components/MoldGroupPage').then((module) => ({ default: module.MoldGroupPage }));
export {
  CompanyGroupPicker,
  type CompanyGroupPickerProps,
  type CompanyGroupValue,
} from './components/CompanyGroupPicker';
export { CompanySelect, type CompanySelectProps } from './components/CompanySelect';
export { TagSelect, type TagSelectProps } from './components/TagSelect';
