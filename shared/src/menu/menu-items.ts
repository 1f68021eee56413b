import type { Language } from '../i18n/languages.js';

/** Actions a menu item may allow. `ShareUser` lives on item 33 (sharing). */
export const MENU_ACTIONS = ['view', 'add', 'edit', 'delete', 'export', 'ShareUser'] as const;
export type MenuAction = (typeof MENU_ACTIONS)[number];

export interface MenuItemDefinition {
  id: number;
  parent: number | null;
  /** Route path; empty for pure permission leaves. */
  path: string;
  names: Record<Language, string>;
  /** The actions this item can grant. */
  actions: readonly MenuAction[];
  /** True for a permission leaf (not a screen). */
  api: boolean;
  sort: number;
}

export const MenuId = {
  mapSection: 202301050005,
  map: 2,
  home: 4,
  alarm: 5,
  workOrder: 6,
  maintenance: 7,
  report: 8,
  moldSetting: 9,
  organization: 10,
  detail: 11,
  moldStatus: 12,
  moldTemp: 13,
  hotRunner: 14,
  cycleCounter: 15,
  cycleTime: 16,
  alarmTemperature: 17,
  alarmCycleTime: 18,
  alarmMaintenance: 19,
  maintenanceSchedule: 20,
  maintenanceScheduleLegacy: 21,
  maintenanceSchedulePreventive: 22,
  maintenanceHistory: 23,
  maintenanceHistoryLegacy: 24,
  maintenanceHistoryPreventive: 25,
  company: 26,
  moldGroup: 27,
  mold: 28,
  share: 29,
  role: 30,
  user: 31,
  energy: 32,
  shareUser: 33,
  alarmNetwork: 35,
  renewal: 37,
  renewalAll: 38,
  renewalUnpaid: 39,
  renewalAlarm: 40,
} as const;

const READ = ['view', 'export'] as const;
const CRUD = ['view', 'add', 'edit', 'delete', 'export'] as const;

function item(
  id: number,
  parent: number | null,
  path: string,
  sort: number,
  actions: readonly MenuAction[],
  names: [en: string, zh: string, kor: string, por: string],
  api = false,
): MenuItemDefinition {
  const [en, zh, kor, por] = names;
  return { id, parent, path, sort, actions, api, names: { en, zh, kor, por } };
}

const M = MenuId;

/** Every menu item of the spec. Top-level sort follows the spec: 202301050005, 4, 9, 6, 7, 8, 5, 10. */
export const MENU_ITEMS: readonly MenuItemDefinition[] = [
  item(M.mapSection, null, '/map', 1, READ, ['Map', '地图', '지도', 'Mapa']),
  item(M.map, M.mapSection, '/map', 1, CRUD, ['Map', '地图', '지도', 'Mapa']),
  item(M.home, null, '/', 2, CRUD, ['Home', '首页', '홈', 'Início']),
  item(M.detail, M.home, '/detail', 1, READ, ['Mould Detail', '模具详情', '금형 상세', 'Detalhes do molde']),
  item(M.moldStatus, M.detail, '/detail/moldStatus', 1, READ, [
    'Mould Status',
    '模具状态',
    '금형 상태',
    'Estado do molde',
  ]),
  item(M.moldTemp, M.detail, '/detail/moldTemp', 2, READ, [
    'Mould Temperature',
    '模温',
    '금형 온도',
    'Temperatura do molde',
  ]),
  item(M.hotRunner, M.detail, '/detail/hotrunner', 3, READ, ['Hot Runner', '热流道', '핫러너', 'Câmara quente']),
  item(M.cycleCounter, M.detail, '/detail/cyclecounter', 4, READ, [
    'Cycle Counter',
    '模次计数',
    '사이클 카운터',
    'Contador de ciclos',
  ]),
  item(M.cycleTime, M.detail, '/detail/cycleTime', 5, READ, [
    'Cycle Time',
    '成型周期',
    '사이클 타임',
    'Tempo de ciclo',
  ]),
  item(M.energy, M.detail, '/detail/energy', 6, READ, ['Energy', '能耗', '에너지', 'Energia']),
  item(M.moldSetting, null, '/moldsetting', 3, CRUD, [
    'Mould Setting',
    '模具设置',
    '금형 설정',
    'Configuração de moldes',
  ]),
  item(M.company, M.moldSetting, '/moldsetting/company', 1, CRUD, ['Company', '公司', '회사', 'Empresa']),
  item(M.moldGroup, M.moldSetting, '/moldsetting/moldgroup', 2, CRUD, [
    'Mould Group',
    '模具分组',
    '금형 그룹',
    'Grupo de moldes',
  ]),
  item(M.mold, M.moldSetting, '/moldsetting/mold', 3, CRUD, ['Mould List', '模具列表', '금형 목록', 'Lista de moldes']),
  item(M.share, M.moldSetting, '/moldsetting/share', 4, CRUD, [
    'Mould Sharing',
    '模具分享',
    '금형 공유',
    'Compartilhamento',
  ]),
  item(M.shareUser, M.share, '', 1, ['view', 'ShareUser'], ['Share', '分享', '공유', 'Compartilhar'], true),
  item(M.workOrder, null, '/workorder', 4, CRUD, ['Work Order', '工单', '작업 지시', 'Ordem de serviço']),
  item(M.maintenance, null, '/maintenance', 5, CRUD, ['Maintenance', '保养', '유지보수', 'Manutenção']),
  item(M.maintenanceSchedule, M.maintenance, '/maintenance/schedule', 1, CRUD, [
    'Maintenance Schedule',
    '保养计划',
    '유지보수 일정',
    'Plano de manutenção',
  ]),
  item(M.maintenanceScheduleLegacy, M.maintenanceSchedule, '', 1, READ, ['Schedule', '计划', '일정', 'Plano']),
  item(M.maintenanceSchedulePreventive, M.maintenanceSchedule, '/maintenance/schedule/preventive', 2, CRUD, [
    'Preventive Maintenance',
    '预防性保养',
    '예방 정비',
    'Manutenção preventiva',
  ]),
  item(M.maintenanceHistory, M.maintenance, '/maintenance/history', 2, READ, [
    'Maintenance History',
    '保养记录',
    '유지보수 이력',
    'Histórico de manutenção',
  ]),
  item(M.maintenanceHistoryLegacy, M.maintenanceHistory, '', 1, READ, ['History', '记录', '이력', 'Histórico']),
  item(M.maintenanceHistoryPreventive, M.maintenanceHistory, '/maintenance/history/preventive', 2, READ, [
    'Preventive Maintenance',
    '预防性保养',
    '예방 정비',
    'Manutenção preventiva',
  ]),
  item(M.report, null, '/report', 6, READ, ['Report', '报表', '보고서', 'Relatório']),
  item(M.alarm, null, '/alarm', 7, CRUD, ['Alert', '报警', '알람', 'Alerta']),
  item(M.alarmTemperature, M.alarm, '/alarm/temperature', 1, CRUD, ['Temperature', '温度', '온도', 'Temperatura']),
  item(M.alarmCycleTime, M.alarm, '/alarm/cycletime', 2, CRUD, [
    'Cycle Time',
    '成型周期',
    '사이클 타임',
    'Tempo de ciclo',
  ]),
  item(M.alarmMaintenance, M.alarm, '/alarm/maintenance', 3, CRUD, ['Maintenance', '保养', '유지보수', 'Manutenção']),
  item(M.alarmNetwork, M.alarm, '/alarm/network', 4, CRUD, ['Network', '网络', '네트워크', 'Rede']),
  item(M.organization, null, '/organization', 8, CRUD, ['Organization', '组织管理', '조직', 'Organização']),
  item(M.role, M.organization, '/organization/role', 1, CRUD, ['Role', '角色', '역할', 'Função']),
  item(M.user, M.organization, '/organization/user', 2, CRUD, ['User', '用户', '사용자', 'Usuário']),
  item(M.renewal, null, '/renewal', 9, CRUD, ['Renewal', '续费', '갱신', 'Renovação']),
  item(M.renewalAll, M.renewal, '/renewal/all', 1, CRUD, ['All', '全部', '전체', 'Todas']),
  item(M.renewalUnpaid, M.renewal, '/renewal/unpaid', 2, CRUD, ['Unpaid', '待付款', '미결제', 'Não pagas']),
  item(M.renewalAlarm, M.renewal, '/renewal/renewalAlarm', 3, CRUD, [
    'Renewal Alert',
    '续费提醒',
    '갱신 알림',
    'Alerta de renovação',
  ]),
];

/** Items the viewer role gets, read only: map, home and detail, alarms, reports. */
export const VIEWER_MENU_IDS: readonly number[] = [
  M.mapSection,
  M.map,
  M.home,
  M.detail,
  M.moldStatus,
  M.moldTemp,
  M.hotRunner,
  M.cycleCounter,
  M.cycleTime,
  M.energy,
  M.alarm,
  M.alarmTemperature,
  M.alarmCycleTime,
  M.alarmMaintenance,
  M.alarmNetwork,
  M.report,
];
