import {
  exportLabel,
  MAP_ROW_FIELDS,
  SOURCE_CODES,
  type AccessPointForm,
  type AccessPointRecord,
  type Language,
  type LocationHistoryPoint,
  type ManualPosition,
  type MapConfig,
} from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import { conflict, forbidden, notFound } from '../../infra/http/errors.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { formatTime } from '../mold-export/mold-export.service.js';
import type { Sheet } from '../mold-export/spreadsheet.js';
import type { JsonText } from '../../infra/db/json-text.js';
import { LocationRepository, type MapFilters } from './location.repository.js';
import { presentAccessPoint, presentHistoryPoint } from './location.presenter.js';

/** An access point entered without an accuracy is taken to be good to this (m). */
const DEFAULT_ACCESS_POINT_ACCURACY_M = 10;

export interface HistoryWindow {
  start?: Date;
  end?: Date;
}

/** Positions of moulds: the map, manual positions, the location history and the known access points. */
export class LocationService {
  readonly #repository = new LocationRepository();

  constructor(
    private readonly context: AppContext,
    private readonly access: AccessService,
  ) {}

  mapConfig(): MapConfig {
    return this.context.config.mapTiles;
  }

  /**
   * The caller's moulds with a position, compact: `fields` names the columns of each row; `companies`
   * `[[id, name]]` and `groups` `[[id, name, company_id]]` of the caller's moulds name the filters.
   */
  async map(principal: Principal, filters: MapFilters): Promise<{ json: JsonText<unknown>; total: number }> {
    const [{ rows, count }, groups] = await Promise.all([
      this.#repository.mapRows(this.context.db, principal.userId, filters),
      this.#repository.mapGroups(this.context.db, principal.userId),
    ]);
    const companies = [...new Map(groups.map((group) => [group.company_id, group.company_name]))];
    const organisation = {
      companies,
      groups: groups.map((group) => [group.id, group.name, group.company_id]),
    };
    const head = JSON.stringify({ fields: MAP_ROW_FIELDS, ...organisation }).slice(0, -1);
    return { json: `${head},"rows":${rows}}`, total: count };
  }

  async history(
    principal: Principal,
    moldId: number,
    window: HistoryWindow,
    limit: number,
  ): Promise<{ items: LocationHistoryPoint[]; total: number }> {
    await this.#requireReadable(principal, moldId);
    const { rows, total } = await this.#repository.history(this.context.db, moldId, window, limit);
    return { items: rows.map(presentHistoryPoint), total };
  }

  async historySheet(
    principal: Principal,
    moldId: number,
    window: HistoryWindow,
    reader: { language: Language; zone: string },
  ): Promise<{ sheet: Sheet; title: string }> {
    const mould = await this.#requireReadable(principal, moldId);
    const { rows } = await this.#repository.history(this.context.db, moldId, window, 9999);
    const label = (key: Parameters<typeof exportLabel>[1]) => exportLabel(reader.language, key);
    const sourceLabel = { gps: label('sourceGps'), wifi: label('sourceWifi'), manual: label('sourceManual') };
    return {
      title: mould.name,
      sheet: {
        name: label('sheetLocationHistory'),
        columns: [
          { header: label('time'), width: 20 },
          { header: label('latitude'), width: 14 },
          { header: label('longitude'), width: 14 },
          { header: label('locationSource'), width: 10 },
          { header: label('accuracy'), width: 12 },
          { header: label('gpsBattery'), width: 14 },
        ],
        rows: rows
          .map(presentHistoryPoint)
          .map((point) => [
            formatTime(point.datetime, reader.zone, true),
            point.lat,
            point.lng,
            sourceLabel[point.source],
            point.accuracy_m,
            point.battery,
          ]),
      },
    };
  }

  /** A manual position (WGS-84), shown while no GPS or WiFi fix is newer; a history point of its own. */
  async setManual(principal: Principal, moldId: number, position: ManualPosition): Promise<void> {
    await this.#requireWritable(principal, moldId);
    const at = this.context.now();
    await this.context.db.transaction().execute(async (trx) => {
      await this.#repository.saveManual(trx, principal.orgId, moldId, {
        lat: position.lat,
        lng: position.lng,
        label: position.label ?? '',
        at,
        by: principal.userId,
      });
      await this.#repository.addHistoryPoint(trx, {
        mold_id: moldId,
        lat: position.lat,
        lng: position.lng,
        source: 'manual',
        accuracy_m: null,
        battery: null,
        recorded_at: at,
      });
    });
    await this.#announce(principal.orgId, moldId);
  }

  async clearManual(principal: Principal, moldId: number): Promise<void> {
    await this.#requireWritable(principal, moldId);
    await this.#repository.clearManual(this.context.db, moldId);
    await this.#announce(principal.orgId, moldId);
  }

  async accessPoints(
    principal: Principal,
    search: string | undefined,
    page: number,
    limit: number,
  ): Promise<{ items: AccessPointRecord[]; total: number }> {
    const { rows, total } = await this.#repository.accessPointPage(
      this.context.db,
      principal.orgId,
      search,
      (page - 1) * limit,
      limit,
    );
    return { items: rows.map(presentAccessPoint), total };
  }

  async addAccessPoint(principal: Principal, form: AccessPointForm): Promise<AccessPointRecord> {
    const values = this.#accessPointValues(form);
    if (await this.#repository.bssidTaken(this.context.db, principal.orgId, values.bssid)) {
      throw conflict('accessPointExists');
    }
    return presentAccessPoint(await this.#repository.insertAccessPoint(this.context.db, principal.orgId, values));
  }

  async updateAccessPoint(principal: Principal, id: number, form: AccessPointForm): Promise<AccessPointRecord> {
    const values = this.#accessPointValues(form);
    if (await this.#repository.bssidTaken(this.context.db, principal.orgId, values.bssid, id)) {
      throw conflict('accessPointExists');
    }
    const row = await this.#repository.updateAccessPoint(this.context.db, principal.orgId, id, values);
    if (!row) throw notFound('accessPointNotFound');
    return presentAccessPoint(row);
  }

  async deleteAccessPoint(principal: Principal, id: number): Promise<void> {
    if (!(await this.#repository.deleteAccessPoint(this.context.db, principal.orgId, id))) {
      throw notFound('accessPointNotFound');
    }
  }

  #accessPointValues(form: AccessPointForm) {
    return {
      bssid: form.bssid.toUpperCase(),
      lat: form.lat,
      lng: form.lng,
      accuracy_m: form.accuracy_m ?? DEFAULT_ACCESS_POINT_ACCURACY_M,
      label: form.label ?? '',
    };
  }

  /** Tells the consoles the mould's shown position (after a manual change). */
  async #announce(orgId: number, moldId: number): Promise<void> {
    const shown = await this.#repository.shownPosition(this.context.db, moldId);
    if (typeof shown?.lat !== 'number' || typeof shown.lng !== 'number') return;
    const source = Number(shown.source);
    this.context.bus.publish('moldPositions', {
      orgId,
      positions: [
        [
          moldId,
          shown.lat,
          shown.lng,
          source,
          source === SOURCE_CODES.wifi ? shown.accuracy_m : null,
          Number(shown.located),
        ],
      ],
    });
  }

  /** Another organisation's mould is as absent as one that never existed (404); an ungranted one is 403. */
  async #requireReadable(principal: Principal, moldId: number) {
    const mould = await this.#repository.moldInOrg(this.context.db, principal.orgId, moldId);
    if (!mould) throw notFound('moldNotFound');
    if ((await this.access.moldAccess(principal, moldId)) === 'none') throw forbidden();
    return mould;
  }

  async #requireWritable(principal: Principal, moldId: number) {
    const mould = await this.#requireReadable(principal, moldId);
    await this.access.requireMoldAccess(principal, moldId, 'write');
    return mould;
  }
}
