import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { HomeScreen, MoldDetailScreen } from '../features/home';
import type { AlarmPageId } from '@mouldwatch/shared';
import type { DetailViewId } from '../features/mold-detail';
import type { en } from '../i18n/en';
import type { ScreenProps } from '../lib/screen';
import { normalizePath } from './guard';

export type ScreenTitleKey = keyof (typeof en)['screens'];

export interface ScreenDefinition {
  title: ScreenTitleKey;
  component: LazyExoticComponent<ComponentType<ScreenProps>>;
}

/** The mould detail screens share one chunk, charts included, loaded on the first of them. */
const moldDetail = (view: DetailViewId & ScreenTitleKey): ScreenDefinition => ({
  title: view,
  component: lazy(() => import('../features/mold-detail').then((module) => ({ default: module.DETAIL_SCREENS[view] }))),
});

/** The four alarm pages share one chunk: one list configured per page. */
const alarms = (page: AlarmPageId, title: ScreenTitleKey): ScreenDefinition => ({
  title,
  component: lazy(() => import('../features/alarms').then((module) => ({ default: module.ALARM_SCREENS[page] }))),
});

/** Every screen path of the spec's route table (redirecting parents excluded). */
export const SCREENS: Readonly<Record<string, ScreenDefinition>> = {
  '/map': { title: 'map', component: lazy(() => import('../features/map')) },
  '/index': { title: 'home', component: HomeScreen },
  '/molddetail': { title: 'moldDetail', component: MoldDetailScreen },
  '/detail/moldStatus': moldDetail('moldStatus'),
  '/detail/moldTemp': moldDetail('moldTemp'),
  '/detail/hotrunner': moldDetail('hotRunner'),
  '/detail/cyclecounter': moldDetail('cycleCounter'),
  '/detail/cycleTime': moldDetail('cycleTime'),
  '/detail/energy': moldDetail('energy'),
  '/alarm/temperature': alarms('temperature', 'alarmTemperature'),
  '/alarm/cycletime': alarms('cycletime', 'alarmCycleTime'),
  '/alarm/maintenance': alarms('maintenance', 'alarmMaintenance'),
  '/alarm/network': alarms('network', 'alarmNetwork'),
  '/workorder': {
    title: 'workOrder',
    component: lazy(() => import('../features/work-orders').then((module) => ({ default: module.WorkOrderPage }))),
  },
  '/maintenance/schedule/preventive': {
    title: 'maintenanceSchedule',
    component: lazy(() => import('../features/maintenance').then((module) => ({ default: module.ScheduleScreen }))),
  },
  '/maintenance/history/preventive': {
    title: 'maintenanceHistory',
    component: lazy(() => import('../features/maintenance').then((module) => ({ default: module.HistoryScreen }))),
  },
  '/report/nav': {
    title: 'report',
    component: lazy<ComponentType<ScreenProps>>(() =>
      import('../features/reports').then((module) => module.loadReportNavPage()),
    ),
  },
  '/report/detailList': {
    title: 'reportDetail',
    component: lazy<ComponentType<ScreenProps>>(() =>
      import('../features/reports').then((module) => module.loadReportDetailPage()),
    ),
  },
  '/report/products': {
    title: 'products',
    component: lazy<ComponentType<ScreenProps>>(() =>
      import('../features/reports').then((module) => module.loadProductListPage()),
    ),
  },
  '/moldsetting/company': {
    title: 'company',
    component: lazy<ComponentType<ScreenProps>>(() =>
      import('../features/mold-organisation').then((module) => module.loadCompanyPage()),
    ),
  },
  '/moldsetting/moldgroup': {
    title: 'moldGroup',
    component: lazy<ComponentType<ScreenProps>>(() =>
      import('../features/mold-organisation').then((module) => module.loadMoldGroupPage()),
    ),
  },
  '/moldsetting/mold': {
    title: 'moldList',
    component: lazy(() => import('../features/molds').then((module) => ({ default: module.MoldListPage }))),
  },
  '/moldsetting/share/sharecontent': {
    title: 'moldSharing',
    component: lazy(() => import('../features/sharing').then((module) => ({ default: module.SharesMadePage }))),
  },
  '/moldsetting/share/accept': {
    title: 'shareAccept',
    component: lazy(() => import('../features/sharing').then((module) => ({ default: module.SharesReceivedPage }))),
  },
  '/organization/role': { title: 'role', component: lazy(() => import('../features/roles')) },
  '/organization/user': { title: 'user', component: lazy(() => import('../features/users')) },
  '/renewal/all': {
    title: 'renewalAll',
    component: lazy(() => import('../features/renewal').then((module) => ({ default: module.RenewalAllPage }))),
  },
  '/renewal/unpaid': {
    title: 'renewalUnpaid',
    component: lazy(() => import('../features/renewal').then((module) => ({ default: module.RenewalUnpaidPage }))),
  },
  '/renewal/renewalAlarm': {
    title: 'renewalAlarm',
    component: lazy(() => import('../features/renewal').then((module) => ({ default: module.RenewalAlarmPage }))),
  },
};

/** Public pages built by later issues. */
export const PUBLIC_SCREENS: Readonly<Record<'/loginByShare' | '/unsubscribeinfo', ScreenDefinition>> = {
  '/loginByShare': {
    title: 'loginByShare',
    component: lazy(() => import('../features/sharing').then((module) => ({ default: module.ShareLinkPage }))),
  },
  '/unsubscribeinfo': {
    title: 'unsubscribe',
    component: lazy(() => import('../features/alerts').then((module) => ({ default: module.UnsubscribePage }))),
  },
};

const BY_NORMAL_PATH = new Map(Object.entries(SCREENS).map(([path, definition]) => [normalizePath(path), definition]));

export function screenFor(path: string): ScreenDefinition | undefined {
  return BY_NORMAL_PATH.get(normalizePath(path));
}
