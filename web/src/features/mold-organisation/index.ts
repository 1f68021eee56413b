/** Companies and mould groups (/moldsetting/company, /moldsetting/moldgroup) and the pickers the mould screens borrow. */
import type { en } from './i18n/en';

/** The feature's texts (i18n/featureNamespaces.ts types its namespace by them). */
export type MoldOrganisationCatalog = typeof en;

export { CompanyPage } from './components/CompanyPage';
export { MoldGroupPage } from './components/MoldGroupPage';
export {
  CompanyGroupPicker,
  type CompanyGroupPickerProps,
  type CompanyGroupValue,
} from './components/CompanyGroupPicker';
export { CompanySelect, type CompanySelectProps } from './components/CompanySelect';
export { TagSelect, type TagSelectProps } from './components/TagSelect';
