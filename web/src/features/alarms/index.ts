import type { en } from './i18n/en';

/** The four alarm pages (/alarm/temperature, /alarm/cycletime, /alarm/maintenance, /alarm/network); loaded when first opened. */
export { ALARM_SCREENS } from './components/AlarmPage';

/** The shape of the `alarms` texts, for the typed feature namespaces (a type only: nothing is loaded). */
export type AlarmsCatalog = typeof en;
