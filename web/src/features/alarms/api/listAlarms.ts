import type { AlarmRecord, AlarmState } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** What the list is narrowed by (all optional but the types of the page). */
export interface AlarmFilters {
  keyword?: string;
  companyId?: number;
  groupId?: number;
  /** Opened within [start, end], epoch seconds (whole days of the user's zone). */
  start?: number;
  end?: number;
  state?: AlarmState;
  acknowledged?: boolean;
}

export interface AlarmListRequest extends AlarmFilters {
  types: readonly number[];
  page: number;
  limit: number;
  /** Ask for the page holding this alarm (a notice's click). */
  uniqueStr?: string;
}

export interface AlarmListPage {
  items: AlarmRecord[];
  total: number;
  /** `total` is a lower bound: the server counts up to a cap, more alarms match. */
  more: boolean;
  /** The page answered: the one holding `uniqueStr` when it is in the list. */
  page: number;
}

export const ALARMS_KEY = ['alarms', 'list'] as const;

/** The query's filters (the list's and the export's). */
export function alarmQuery(types: readonly number[], filters: AlarmFilters) {
  return {
    alarm_type: types.join(','),
    keyword: filters.keyword || undefined,
    company_id: filters.companyId,
    group_id: filters.groupId,
    start: filters.start,
    end: filters.end,
    state: filters.state,
    acknowledged: filters.acknowledged === undefined ? undefined : filters.acknowledged ? 1 : 0,
  };
}

/** GET /api/yudata/alarm/: one page of the alarms of the user's moulds, newest first. */
export async function listAlarms(request: AlarmListRequest, signal: AbortSignal): Promise<AlarmListPage> {
  const answer = await api.get<AlarmRecord[]>('/yudata/alarm/', {
    query: {
      ...alarmQuery(request.types, request),
      page: request.page,
      limit: request.limit,
      unique_str: request.uniqueStr,
    },
    signal,
  });
  const page = (answer as { page?: number }).page ?? request.page;
  return { items: answer.data, total: answer.total ?? answer.data.length, more: answer.more === true, page };
}
