import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { HomeScreen, MoldDetailScreen } from '../features/home';
import type { DetailViewId } from '../features/mold-detail';
import type { en } from '../i18n/en';
import { normalizePath } from './guard';

export type ScreenTitleKey = keyof (typeof en)['screens'];

export interface ScreenProps {
  /** The screen's title in the interface language. */
  title: string;
}

export interface ScreenDefinition {
  title: ScreenTitleKey;
  component: LazyExoticComponent<ComponentType<ScreenProps>>;
}

/**
 * Until the issue that builds a screen lands, it shows the shared "not available yet" page.
 * Each later issue replaces its entry with `lazy(() => import('../features/<feature>'))`.
 */
const NotAvailable = lazy(() => import('../components/NotAvailablePage'));

const screen = (title: ScreenTitleKey): ScreenDefinition => ({ title, component: NotAvailable });

/** The mould detail screens share one chunk, charts included, loaded on the first of them. */
const moldDetail = (view: DetailViewId & ScreenTitleKey): ScreenDefinition => ({
  title: view,
  component: lazy(() => import('../features/mold-detail').then((module) => ({ default: module.DETAIL_SCREENS[view] }))),
});

/** Every screen path of the spec's route table (redirecting parents excluded). */
export const SCREENS: Readonly<Record<string, ScreenDefinition>> = {
  '/map': screen('map'),
  '/index': { title: 'home', component: HomeScreen },
  '/molddetail': { title: 'moldDetail', component: MoldDetailScreen },
  '/detail/moldStatus': moldDetail('moldStatus'),
  '/detail/moldTemp': moldDetail('moldTemp'),
  '/detail/hotrunner': moldDetail('hotRunner'),
  '/detail/cyclecounter': moldDetail('cycleCounter'),
  '/detail/cycleTime': moldDetail('cycleTime'),
  '/detail/energy': moldDetail('energy'),
  '/alarm/temperature': screen('alarmTemperature'),
  '/alarm/cycletime': screen('alarmCycleTime'),
  '/alarm/maintenance': screen('alarmMaintenance'),
  '/alarm/network': screen('alarmNetwork'),
  '/workorder': screen('workOrder'),
  '/maintenance/schedule/preventive': screen('maintenanceSchedule'),
  '/maintenance/history/preventive': screen('maintenanceHistory'),
  '/report/nav': screen('report'),
  '/report/detailList': screen('reportDetail'),
  '/moldsetting/company': {
    title: 'company',
    component: lazy(() => import('../features/mold-organisation').then((module) => ({ default: module.CompanyPage }))),
  },
  '/moldsetting/moldgroup': {
    title: 'moldGroup',
    component: lazy(() =>
      import('../features/mold-organisation').then((module) => ({ default: module.MoldGroupPage })),
    ),
  },
  '/moldsetting/mold': {
    title: 'moldList',
    component: lazy(() => import('../features/molds').then((module) => ({ default: module.MoldListPage }))),
  },
  '/moldsetting/share/sharecontent': screen('moldSharing'),
  '/moldsetting/share/accept': screen('shareAccept'),
  '/organization/role': { title: 'role', component: lazy(() => import('../features/roles')) },
  '/organization/user': { title: 'user', component: lazy(() => import('../features/users')) },
  '/renewal/all': screen('renewalAll'),
  '/renewal/unpaid': screen('renewalUnpaid'),
  '/renewal/renewalAlarm': screen('renewalAlarm'),
};

/** Public pages built by later issues. */
export const PUBLIC_SCREENS: Readonly<Record<'/loginByShare' | '/unsubscribeinfo', ScreenDefinition>> = {
  '/loginByShare': screen('loginByShare'),
  '/unsubscribeinfo': screen('unsubscribe'),
};

const BY_NORMAL_PATH = new Map(Object.entries(SCREENS).map(([path, definition]) => [normalizePath(path), definition]));

export function screenFor(path: string): ScreenDefinition | undefined {
  return BY_NORMAL_PATH.get(normalizePath(path));
}
