import {
  ALARM_PAGES,
  DEFAULT_ESCALATION_MINUTES,
  MAX_ALARM_EXPORT_ROWS,
  alarmChannelText,
  alarmLabel,
  alarmMenuOf,
  alarmSheetLabel,
  alarmValueKind,
  displayTemperature,
  formatAlarmDuration,
  parseAlarmTypes,
  ResponseCode,
  temperatureUnitLabel,
  type AlarmLabelKey,
  type AlarmPageId,
  type AlarmRecord,
  type AlarmSettings,
  type MenuAction,
} from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import { ApiError, notFound } from '../../infra/http/errors.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { formatTime, type Reader } from '../mold-export/mold-export.service.js';
import type { Cell, Sheet, SheetColumn } from '../mold-export/spreadsheet.js';
import { presentAlarm } from './alarms.presenter.js';
import { pageWithTotal } from '../../infra/db/list-total.js';
import { AlarmsRepository, type AlarmFilter } from './alarms.repository.js';

/** The list's filters as the query names them; `types` is the `alarm_type` text (`3`, `4,5`), not parsed yet. */
export type AlarmQuery = Omit<AlarmFilter, 'types'> & { types: string };

export interface AlarmPage {
  items: AlarmRecord[];
  /** Counted up to the cap (LIST_COUNT_CAP); `more`: more alarms match than `total`. */
  total: number;
  more: boolean;
  /** The page answered: the one holding `unique_str` when that alarm is in the list. */
  page: number;
}

const invalid = (key: 'alarmTypeInvalid' | 'alarmWindowReversed') => new ApiError(400, ResponseCode.invalid, key);

/**
 * The alarm pages (spec §2 routes 17, 18, 19, 35): lists, acknowledgement, export and the
 * organisation's escalation delay. Each alarm type is governed by its screen's menu item; every
 * alarm by the caller's grant on its mould.
 */
export class AlarmsService {
  readonly #repository: AlarmsRepository;

  constructor(
    private readonly context: AppContext,
    private readonly access: AccessService,
  ) {
    this.#repository = new AlarmsRepository(context.db);
  }

  async list(
    principal: Principal,
    query: AlarmQuery,
    page: number,
    limit: number,
    uniqueStr?: string,
  ): Promise<AlarmPage> {
    const filter = await this.#filter(principal, query, 'view');
    const before = uniqueStr ? await this.#repository.position(principal.userId, filter, uniqueStr) : undefined;
    if (before !== undefined) page = Math.floor(before / limit) + 1;
    const offset = (page - 1) * limit;
    const { rows, total } = await pageWithTotal(
      offset,
      limit,
      (fetched) => this.#repository.page(principal.userId, filter, offset, fetched),
      () => this.#repository.count(principal.userId, filter),
    );
    const now = this.context.now();
    return { items: rows.map((row) => presentAlarm(row, now)), ...total, page };
  }

  /**
   * Acknowledges the alarms not acknowledged yet, with the comment, as the caller; ones already
   * acknowledged keep who and when (answered, counted out). All or nothing: an id the caller may not
   * read is absent (404), a type whose screen the role may not edit refuses all (403).
   */
  async acknowledge(principal: Principal, ids: readonly number[], comment: string): Promise<{ acknowledged: number }> {
    const unique = [...new Set(ids)];
    const found = await this.#repository.readable(principal.userId, unique);
    if (found.length !== unique.length) throw notFound('alarmNotFound');
    await this.#requireMenus(principal, new Set(found.map((alarm) => alarm.alarm_type)), 'edit');
    const pending = found.filter((alarm) => alarm.acknowledged_at === null).map((alarm) => alarm.id);
    if (pending.length === 0) return { acknowledged: 0 };
    const done = await this.#repository.acknowledge(pending, principal.userId, comment.trim(), this.context.now());
    for (const alarm of done) {
      this.context.bus.publish('alarmChanged', {
        orgId: alarm.org_id,
        moldId: alarm.mold_id,
        alarmId: alarm.id,
        alarmType: alarm.alarm_type,
        change: 'acknowledged',
      });
    }
    return { acknowledged: done.length };
  }

  async settings(principal: Principal): Promise<AlarmSettings> {
    const minutes = await this.#repository.escalationMinutes(principal.orgId);
    return { escalation_minutes: minutes ?? DEFAULT_ESCALATION_MINUTES };
  }

  async saveSettings(principal: Principal, settings: AlarmSettings): Promise<AlarmSettings> {
    await this.#repository.setEscalationMinutes(principal.orgId, settings.escalation_minutes, this.context.now());
    return this.settings(principal);
  }

  /** The list (newest first, at most MAX_ALARM_EXPORT_ROWS) as a sheet in the reader's language, zone and unit. */
  async sheet(
    principal: Principal,
    query: AlarmQuery,
    reader: Omit<Reader, 'unit'> & { unit?: Reader['unit'] | undefined },
  ): Promise<{ sheet: Sheet; page: AlarmPageId }> {
    const filter = await this.#filter(principal, query, 'export');
    const unit = reader.unit ?? (await this.#repository.unitOf(principal.userId));
    const rows = await this.#repository.page(principal.userId, filter, 0, MAX_ALARM_EXPORT_ROWS);
    const now = this.context.now();
    const page = pageOf(filter.types);
    return {
      page,
      sheet: alarmSheet(
        rows.map((row) => presentAlarm(row, now)),
        { ...reader, unit },
        page,
      ),
    };
  }

  /** The query's filter, once the role may take `action` on the screen of every type asked for. */
  async #filter(principal: Principal, query: AlarmQuery, action: MenuAction): Promise<AlarmFilter> {
    const types = parseAlarmTypes(query.types);
    if (!types) throw invalid('alarmTypeInvalid');
    if (query.start !== undefined && query.end !== undefined && query.start > query.end) {
      throw invalid('alarmWindowReversed');
    }
    await this.#requireMenus(principal, new Set(types), action);
    const { types: _text, ...rest } = query;
    return { ...rest, types };
  }

  async #requireMenus(principal: Principal, types: ReadonlySet<number>, action: MenuAction): Promise<void> {
    const menus = new Set([...types].map((type) => alarmMenuOf(type)));
    for (const menu of menus) {
      if (menu === undefined) throw invalid('alarmTypeInvalid');
      await this.access.requirePermission(principal, menu, action);
    }
  }
}

/** The screen whose list these types are (the first type's). */
function pageOf(types: readonly number[]): AlarmPageId {
  const entry = Object.entries(ALARM_PAGES).find(([, page]) => (page.types as readonly number[]).includes(types[0]!));
  return (entry?.[0] ?? 'temperature') as AlarmPageId;
}

/** The alarms as the lists show them: names, channel, level, value and bound in the reader's unit, times in their zone. */
export function alarmSheet(alarms: readonly AlarmRecord[], reader: Reader, page: AlarmPageId): Sheet {
  const label = (key: AlarmLabelKey) => alarmLabel(reader.language, key);
  const time = (epochSeconds: number | null) =>
    epochSeconds === null ? null : formatTime(epochSeconds, reader.zone, true);
  const withType = page === 'network';
  const column = (key: AlarmLabelKey, width: number): SheetColumn => ({ header: label(key), width });
  const columns: SheetColumn[] = [
    column('mould', 20),
    column('mouldNumber', 16),
    column('company', 16),
    column('group', 16),
    ...(withType ? [column('type', 12)] : []),
    column('channel', 16),
    column('level', 12),
    column('value', 10),
    column('bound', 10),
    column('setValue', 12),
    column('unit', 8),
    column('start', 20),
    column('end', 20),
    column('duration', 14),
    column('acknowledgedBy', 16),
    column('acknowledgedAt', 20),
    column('comment', 30),
    column('notified', 10),
  ];
  const rows = alarms.map((alarm): Cell[] => {
    const kind = alarmValueKind(alarm.channel);
    const shown = (value: number | null) =>
      kind === 'temperature'
        ? displayTemperature(value, reader.unit)
        : value === null
          ? null
          : Math.round(value * 10) / 10;
    const unit =
      kind === 'temperature'
        ? temperatureUnitLabel(reader.unit)
        : kind === 'seconds'
          ? 's'
          : kind === 'percent'
            ? '%'
            : alarm.unit === null
              ? ''
              : label(alarm.unit);
    return [
      alarm.mold_name,
      alarm.mold_number,
      alarm.company_name,
      alarm.group_name,
      ...(withType ? [label(`type${alarm.alarm_type}` as AlarmLabelKey)] : []),
      alarmChannelText(alarm, label),
      label(alarm.level),
      shown(alarm.value),
      shown(alarm.bound),
      shown(alarm.set_value),
      unit,
      time(alarm.open_datetime),
      time(alarm.close_datetime) ?? label('open'),
      formatAlarmDuration(alarm.duration_s),
      alarm.ack_user_name,
      time(alarm.ack_datetime),
      alarm.ack_comment,
      alarm.notified_count,
    ];
  });
  return { name: label(alarmSheetLabel(page)), columns, rows };
}
