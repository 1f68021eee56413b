import { sql, type Kysely } from 'kysely';
import type { LocationSource } from '@mouldwatch/shared';
import { containing } from '../../infra/db/like.js';
import type { Database } from '../../infra/db/schema.js';

type Db = Kysely<Database>;

/** The position shown: the manual one while no automatic fix is newer, else the fix; the state engine's last GPS before any. */
const shownLat = sql<
  number | null
>`case when l.manual_at is not null and (l.fix_at is null or l.fix_at <= l.manual_at) then l.manual_lat else coalesce(l.fix_lat, s.lat) end`;
const shownLng = sql<
  number | null
>`case when l.manual_at is not null and (l.fix_at is null or l.fix_at <= l.manual_at) then l.manual_lng else coalesce(l.fix_lng, s.lng) end`;
const shownSource = sql<number>`case when l.manual_at is not null and (l.fix_at is null or l.fix_at <= l.manual_at) then 2 when l.fix_source = 'wifi' then 1 else 0 end`;

/** When the shown position was taken, epoch seconds: the manual position's time, or the fix's (the status's last contact for a position only the status holds). */
const shownAt = sql<number>`extract(epoch from case when ${shownSource} = 2 then l.manual_at else coalesce(l.fix_at, s.last_connect_at) end)::bigint`;

export interface MapFilters {
  companyId?: number;
  groupId?: number;
}

export interface FixRow {
  mold_id: number;
  fix_lat: number | null;
  fix_lng: number | null;
  fix_source: 'gps' | 'wifi' | null;
  fix_accuracy_m: number | null;
  fix_at: Date | null;
  manual_at: Date | null;
}

/** A point of the location history as stored. */
export interface HistoryPointRow {
  lat: number;
  lng: number;
  source: LocationSource;
  accuracy_m: number | null;
  battery: number | null;
  recorded_at: Date;
}

export interface NewFix {
  lat: number;
  lng: number;
  source: 'gps' | 'wifi';
  accuracy_m: number | null;
  at: Date;
  battery: number | null;
}

export class LocationRepository {
  /** The mould in the organisation, and whether the user holds a grant for it (null: another organisation's or none). */
  async moldInOrg(db: Db, orgId: number, moldId: number): Promise<{ id: number; name: string } | undefined> {
    return db
      .selectFrom('molds')
      .select(['id', 'name'])
      .where('id', '=', moldId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
  }

  /**
   * The user's moulds with a position, as one JSON text of compact rows (MapMouldRow): 10,000 moulds
   * are neither decoded row by row nor serialised again.
   */
  async mapRows(db: Db, userId: number, filters: MapFilters): Promise<{ rows: string; count: number }> {
    const { rows, count } = await db
      .selectFrom('user_mold_grants as g')
      .innerJoin('molds as m', 'm.id', 'g.mold_id')
      .leftJoin('mold_groups as mg', 'mg.id', 'm.group_id')
      .leftJoin('mold_status as s', 's.mold_id', 'm.id')
      .leftJoin('mold_locations as l', 'l.mold_id', 'm.id')
      .where('g.user_id', '=', userId)
      .where(sql<boolean>`${shownLat} is not null`)
      .$if(filters.companyId !== undefined, (q) => q.where('mg.company_id', '=', filters.companyId!))
      .$if(filters.groupId !== undefined, (q) => q.where('m.group_id', '=', filters.groupId!))
      .select((eb) => [
        sql<string>`coalesce(json_agg(json_build_array(m.id, m.name, m.mold_number, mg.company_id, m.group_id,
          coalesce(s.state, 'off'), case when coalesce(s.online, false) then 1 else 0 end,
          round(${shownLat}::numeric, 7), round(${shownLng}::numeric, 7), ${shownSource},
          case when ${shownSource} = 1 then round(l.fix_accuracy_m) end,
          coalesce(l.battery, s.battery),
          ${shownAt},
          case when ${shownSource} = 2 then l.manual_label else '' end
        ) order by m.id)::text, '[]')`.as('rows'),
        eb.fn.countAll<number>().as('count'),
      ])
      .executeTakeFirstOrThrow();
    return { rows, count: Number(count) };
  }

  /** The groups of the user's moulds with their companies (the map's filters). */
  async mapGroups(db: Db, userId: number) {
    return db
      .selectFrom('user_mold_grants as g')
      .innerJoin('molds as m', 'm.id', 'g.mold_id')
      .innerJoin('mold_groups as mg', 'mg.id', 'm.group_id')
      .innerJoin('companies as c', 'c.id', 'mg.company_id')
      .where('g.user_id', '=', userId)
      .select(['mg.id', 'mg.name', 'mg.company_id', 'c.name as company_name'])
      .distinct()
      .orderBy('c.name')
      .orderBy('mg.name')
      .execute();
  }

  async fixesOf(db: Db, moldIds: readonly number[]): Promise<FixRow[]> {
    if (moldIds.length === 0) return [];
    return db
      .selectFrom('mold_locations')
      .select(['mold_id', 'fix_lat', 'fix_lng', 'fix_source', 'fix_accuracy_m', 'fix_at', 'manual_at'])
      .where('mold_id', 'in', moldIds)
      .execute();
  }

  /** The mould's latest history point. */
  async lastHistoryPoint(db: Db, moldId: number) {
    return db
      .selectFrom('location_history')
      .select(['lat', 'lng', 'source', 'accuracy_m', 'recorded_at'])
      .where('mold_id', '=', moldId)
      .orderBy('recorded_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async saveFix(db: Db, orgId: number, moldId: number, fix: NewFix): Promise<void> {
    await db
      .insertInto('mold_locations')
      .values({
        mold_id: moldId,
        org_id: orgId,
        fix_lat: fix.lat,
        fix_lng: fix.lng,
        fix_source: fix.source,
        fix_accuracy_m: fix.accuracy_m,
        fix_at: fix.at,
        battery: fix.battery,
      })
      .onConflict((oc) =>
        oc.column('mold_id').doUpdateSet((eb) => ({
          fix_lat: fix.lat,
          fix_lng: fix.lng,
          fix_source: fix.source,
          fix_accuracy_m: fix.accuracy_m,
          fix_at: fix.at,
          battery: eb.fn.coalesce(eb.val(fix.battery), eb.ref('mold_locations.battery')),
          updated_at: new Date(),
        })),
      )
      .execute();
  }

  async saveManual(
    db: Db,
    orgId: number,
    moldId: number,
    manual: { lat: number; lng: number; label: string; at: Date; by: number },
  ): Promise<void> {
    const values = {
      manual_lat: manual.lat,
      manual_lng: manual.lng,
      manual_label: manual.label,
      manual_at: manual.at,
      manual_by: manual.by,
    };
    await db
      .insertInto('mold_locations')
      .values({ mold_id: moldId, org_id: orgId, ...values })
      .onConflict((oc) => oc.column('mold_id').doUpdateSet({ ...values, updated_at: new Date() }))
      .execute();
  }

  async clearManual(db: Db, moldId: number): Promise<void> {
    await db
      .updateTable('mold_locations')
      .set({
        manual_lat: null,
        manual_lng: null,
        manual_label: '',
        manual_at: null,
        manual_by: null,
        updated_at: new Date(),
      })
      .where('mold_id', '=', moldId)
      .execute();
  }

  /** The position shown for one mould (as the map call computes it). */
  async shownPosition(db: Db, moldId: number) {
    return db
      .selectFrom('molds as m')
      .leftJoin('mold_status as s', 's.mold_id', 'm.id')
      .leftJoin('mold_locations as l', 'l.mold_id', 'm.id')
      .where('m.id', '=', moldId)
      .select([
        shownLat.as('lat'),
        shownLng.as('lng'),
        shownSource.as('source'),
        'l.fix_accuracy_m as accuracy_m',
        'l.manual_label as label',
        shownAt.as('located'),
      ])
      .executeTakeFirst();
  }

  async addHistoryPoint(db: Db, point: HistoryPointRow & { mold_id: number }): Promise<void> {
    await db.insertInto('location_history').values(point).execute();
  }

  async history(db: Db, moldId: number, window: { start?: Date; end?: Date }, limit: number) {
    let query = db.selectFrom('location_history as h').where('h.mold_id', '=', moldId);
    if (window.start) query = query.where('h.recorded_at', '>=', window.start);
    if (window.end) query = query.where('h.recorded_at', '<', window.end);
    const [rows, total] = await Promise.all([
      query
        // The history keeps no labels: the present manual position's label names its own point.
        .leftJoin('mold_locations as l', (join) =>
          join.onRef('l.mold_id', '=', 'h.mold_id').onRef('l.manual_at', '=', 'h.recorded_at'),
        )
        .select(['h.lat', 'h.lng', 'h.source', 'h.accuracy_m', 'h.battery', 'h.recorded_at'])
        .select(sql<string>`case when h.source = 'manual' then coalesce(l.manual_label, '') else '' end`.as('label'))
        .orderBy('h.recorded_at', 'desc')
        .orderBy('h.id', 'desc')
        .limit(limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.count) };
  }

  // ---- access points ----

  async knownAccessPoints(db: Db, orgId: number, bssids: readonly string[]) {
    if (bssids.length === 0) return [];
    return db
      .selectFrom('wifi_access_points')
      .select(['id', 'bssid', 'lat', 'lng', 'accuracy_m', 'learned', 'samples'])
      .where('org_id', '=', orgId)
      .where('bssid', 'in', bssids)
      .execute();
  }

  async learnAccessPoint(
    db: Db,
    orgId: number,
    point: { bssid: string; lat: number; lng: number; accuracy_m: number; samples: number },
  ): Promise<void> {
    await db
      .insertInto('wifi_access_points')
      .values({ org_id: orgId, learned: true, ...point })
      .onConflict((oc) =>
        oc
          .columns(['org_id', 'bssid'])
          .doUpdateSet({
            lat: point.lat,
            lng: point.lng,
            accuracy_m: point.accuracy_m,
            samples: point.samples,
            updated_at: new Date(),
          })
          // An administrator's entry is never overwritten by what readings suggest.
          .where('wifi_access_points.learned', '=', true),
      )
      .execute();
  }

  async accessPointPage(db: Db, orgId: number, search: string | undefined, offset: number, limit: number) {
    let query = db.selectFrom('wifi_access_points').where('org_id', '=', orgId);
    if (search) {
      const pattern = containing(search);
      query = query.where((eb) => eb.or([eb('bssid', 'ilike', pattern), eb('label', 'ilike', pattern)]));
    }
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('bssid').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.count) };
  }

  async findAccessPoint(db: Db, orgId: number, id: number) {
    return db
      .selectFrom('wifi_access_points')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async bssidTaken(db: Db, orgId: number, bssid: string, exceptId?: number): Promise<boolean> {
    const row = await db
      .selectFrom('wifi_access_points')
      .select('id')
      .where('org_id', '=', orgId)
      .where('bssid', '=', bssid)
      .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertAccessPoint(
    db: Db,
    orgId: number,
    values: { bssid: string; lat: number; lng: number; accuracy_m: number; label: string },
  ) {
    return db
      .insertInto('wifi_access_points')
      .values({ org_id: orgId, learned: false, samples: 0, ...values })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async updateAccessPoint(
    db: Db,
    orgId: number,
    id: number,
    values: { bssid: string; lat: number; lng: number; accuracy_m: number; label: string },
  ) {
    return db
      .updateTable('wifi_access_points')
      .set({ ...values, learned: false, updated_at: new Date() })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteAccessPoint(db: Db, orgId: number, id: number): Promise<boolean> {
    const result = await db
      .deleteFrom('wifi_access_points')
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
