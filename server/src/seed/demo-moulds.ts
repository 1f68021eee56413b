import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { defaultMoldInfo, type DeviceProfile, type DeviceTrip, type LatLng, type MoldInfo } from '@mouldwatch/shared';
import type { Database } from '../infra/db/schema.js';
import { inTransaction } from '../infra/db/transaction.js';
import { seedDemoHistory, type DemoHistoryMould, type ShiftPattern } from './demo-history.js';
import { generateDeviceToken, hashDeviceToken } from '../infra/security/device-tokens.js';
import { seedDemoMaintenance } from './demo-maintenance.js';
import { seedDemoWorkOrders } from './demo-work-orders.js';

/** A demo device with its token, for the simulator; the database keeps only the token's hash. */
export interface DemoDevice {
  device_no: string;
  token: string;
  profile: DeviceProfile;
  /** The counter where the seeded history ends: the simulator counts on from it. */
  counter: number;
  /** Epoch seconds where the seeded history ends: the simulator back-fills from there. */
  history_until: number;
}

interface DemoCompany {
  name: string;
  country: string;
  position: { lat: number; lng: number };
  timeZone: string;
  groups: string[];
  parts: string[];
}

const COMPANIES: readonly DemoCompany[] = [
  {
    name: 'SZ_Precision',
    country: 'China',
    timeZone: 'Asia/Shanghai',
    position: { lat: 22.5431, lng: 114.0579 },
    groups: ['Automotive', 'Consumer'],
    parts: [
      'Bumper_bracket',
      'Door_handle',
      'Air_vent',
      'Phone_housing',
      'Remote_shell',
      'Fan_blade',
      'Lamp_cover',
      'Cup_holder',
    ],
  },
  {
    name: 'SãoPaulo_Moldes',
    country: 'Brazil',
    timeZone: 'America/Sao_Paulo',
    position: { lat: -23.5505, lng: -46.6333 },
    groups: ['Packaging', 'Medical'],
    parts: [
      'Bottle_cap',
      'Preform_28g',
      'Food_tray',
      'Syringe_barrel',
      'Pipette_tip',
      'Lid_90mm',
      'Crate_corner',
      'Vial_rack',
    ],
  },
  {
    name: 'Incheon_Tooling',
    country: 'South Korea',
    timeZone: 'Asia/Seoul',
    position: { lat: 37.4563, lng: 126.7052 },
    groups: ['Electronics', 'Appliances', 'Toys'],
    parts: [
      'Connector_12P',
      'Battery_cover',
      'Knob',
      'Washer_drum_rib',
      'Filter_frame',
      'Gear_set',
      'Block_brick',
      'Figure_base',
    ],
  },
];

/** A small deterministic generator, so every demo install looks the same. */
function numbers(seed: number) {
  let state = seed;
  return (low: number, high: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return low + ((high - low) * state) / 2 ** 31;
  };
}

/** The last mould of each company goes to a toolmaker about 17 km away and back every 6 hours, powered off. */
const TRIP = { offset: { lat: 0.12, lng: 0.1 }, periodSeconds: 6 * 3600 };

function demoTrip(companyIndex: number, home: LatLng): DeviceTrip {
  return {
    to: { lat: home.lat + TRIP.offset.lat, lng: home.lng + TRIP.offset.lng },
    periodSeconds: TRIP.periodSeconds,
    // The companies' trips start two hours apart, so one mould or another is on the road at most times.
    startsAt: companyIndex * 2 * 3600,
  };
}

function demoProfile(index: number, position: { lat: number; lng: number }): DeviceProfile {
  const between = numbers(index + 7);
  const round = (value: number) => Math.round(value);
  return {
    cycleTime: Math.round(between(14, 55) * 10) / 10,
    moldSetpoints: Array.from({ length: 2 + (index % 3) }, () => round(between(40, 85))),
    hotRunnerSetpoints: Array.from({ length: index % 4 === 0 ? 0 : 2 + (index % 5) }, () => round(between(210, 270))),
    current: Math.round(between(8, 28) * 10) / 10,
    position: { lat: position.lat + between(-0.02, 0.02), lng: position.lng + between(-0.02, 0.02) },
    heartbeatInterval: 60,
  };
}

/**
 * The demo mould whose target cycle time is set too slow (7 % above how fast it really cycles): its
 * Performance reads above 100 %, and the report says the target looks wrong.
 */
export const DEMO_SLOW_TARGET_PART = 'Remote_shell';

/**
 * The target cycle time (s) of a demo mould: a little faster than it really cycles (profile.cycleTime,
 * the simulator's and the seeded history's typical cycle), 2 to 6 % by mould, as real targets are set
 * from the best cycles seen: performance then reads about 88–100 % a day, and the home screen's cycle
 * band (good ≤ 2 %, warn ≤ 5 %) shows most moulds good or warn, a few bad. One mould's target is too slow.
 */
export function demoTargetCycleTime(part: string, profile: DeviceProfile, index: number): number {
  const target =
    part === DEMO_SLOW_TARGET_PART ? profile.cycleTime * 1.07 : profile.cycleTime / (1.02 + ((index * 3) % 5) / 100);
  return Math.round(target * 10) / 10;
}

/** The mould's settings that match how its device runs. */
function demoInfo(part: string, profile: DeviceProfile, index: number): MoldInfo {
  const info = defaultMoldInfo();
  const target = demoTargetCycleTime(part, profile, index);
  const channels = (setpoints: number[], prefix: string) =>
    setpoints.map((set, channel) => ({ name: `${prefix}${channel + 1}`, set, alert: 15 }));
  return {
    ...info,
    project_name: part,
    part_id: `P-${2000 + index}`,
    start_count: 10_000,
    maint_interval: 50_000,
    oee: 0.85,
    counter: 1_000_000,
    cycle_time: target,
    basic_time: 300,
    basic_stop_time: 1800,
    // Bands in proportion to the cycle (a fixed 4 s put the long cycles, running a few % slower than
    // their target, past it all day: docs/decisions.md, "The demo's performance"); the simulator's
    // excursions cross them now and then, not constantly.
    cycle_time_setting: {
      time: 120,
      alert: Math.max(4, Math.round(target * 2.5) / 10),
      early: Math.max(1.5, Math.round(target * 1.5) / 10),
    },
    mold_temp_setting: channels(profile.moldSetpoints, 'T'),
    hot_temp_setting: channels(profile.hotRunnerSetpoints, 'H'),
    voltage: 380,
  };
}

async function userIds(trx: Transaction<Database>, orgId: number) {
  const users = await trx.selectFrom('users').select(['id', 'username']).where('org_id', '=', orgId).execute();
  return new Map(users.map((user) => [user.username, user.id]));
}

/** Hours before the first start that the simulator back-fills as raw readings; older history is seeded. */
export const DEMO_RAW_HOURS = 6;
/** Days of seeded history: 13 months, so the 12-month view is full. */
export const DEMO_HISTORY_DAYS = 396;
const SHIFT_PATTERNS: readonly ShiftPattern[] = ['continuous', 'two-shift', 'day-shift'];
const QUARTER_HOUR_MS = 900_000;

/**
 * The demo's 24 moulds in 3 companies and 7 groups, each with a device and `historyDays` of
 * history up to DEMO_RAW_HOURS before `now`. The administrator may see them all; the viewer the
 * first mould of each group. All in one transaction (the caller's, if it is handed one): a seed cut
 * short leaves nothing behind. `signal` stops it between the history's parts.
 */
export async function seedDemoMoulds(
  db: Kysely<Database>,
  orgId: number,
  {
    now = new Date(),
    historyDays = DEMO_HISTORY_DAYS,
    signal,
  }: { now?: Date; historyDays?: number; signal?: AbortSignal } = {},
): Promise<DemoDevice[]> {
  return inTransaction(db, async (trx) => {
    const seeded = await insertMoulds(trx, orgId);
    const until = new Date(
      Math.floor((now.getTime() - DEMO_RAW_HOURS * 3_600_000) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS,
    );
    const from = new Date(until.getTime() - historyDays * 86_400_000);
    const counters = await seedDemoHistory(trx, seeded, from, until, signal);
    await setMaintenanceIntervals(trx, seeded, counters);
    await seedDemoWorkOrders(
      trx,
      orgId,
      seeded.map(({ moldId, startCount }) => ({ moldId, counter: counters.get(moldId) ?? startCount })),
      now,
    );
    await seedDemoMaintenance(trx, orgId, seeded, counters, now);
    return seeded.map(({ moldId, startCount, device }) => ({
      ...device,
      counter: counters.get(moldId) ?? startCount,
      history_until: Math.floor(until.getTime() / 1000),
    }));
  });
}

async function insertMoulds(trx: Transaction<Database>, orgId: number) {
  const users = await userIds(trx, orgId);
  const moulds: Array<DemoHistoryMould & { device: Omit<DemoDevice, 'counter' | 'history_until'> }> = [];
  let index = 0;
  for (const [companyIndex, company] of COMPANIES.entries()) {
    const groupIds = await insertCompany(trx, orgId, company);
    for (const [partIndex, part] of company.parts.entries()) {
      index += 1;
      const base = demoProfile(index, company.position);
      const travels = partIndex === company.parts.length - 1;
      const profile = travels ? { ...base, trip: demoTrip(companyIndex, base.position) } : base;
      const groupId = groupIds[partIndex % groupIds.length] as number;
      const info = demoInfo(part, profile, index);
      const moldId = await insertMould(trx, orgId, groupId, company, part, info, index);
      const firstOfGroup = partIndex < groupIds.length;
      await grant(trx, moldId, [users.get('admin'), firstOfGroup ? users.get('viewer') : undefined]);
      const device = await insertDevice(trx, orgId, moldId, index, profile);
      await insertPosition(trx, orgId, moldId, profile.position);
      const pattern = SHIFT_PATTERNS[index % SHIFT_PATTERNS.length]!;
      moulds.push({
        moldId,
        profile,
        pattern,
        timeZone: company.timeZone,
        startCount: info.start_count,
        voltage: 380,
        device,
      });
    }
  }
  return moulds;
}

/**
 * The mould's GPS position in its factory two days back, and that as its first history point: the map
 * shows the demo moulds before the simulator's first readings move them on.
 */
async function insertPosition(trx: Transaction<Database>, orgId: number, moldId: number, position: LatLng) {
  const at = new Date(Date.now() - 2 * 86_400_000);
  await trx
    .insertInto('mold_locations')
    .values({
      mold_id: moldId,
      org_id: orgId,
      fix_lat: position.lat,
      fix_lng: position.lng,
      fix_source: 'gps',
      fix_at: at,
      battery: 100,
    })
    .execute();
  await trx
    .insertInto('location_history')
    .values({ mold_id: moldId, lat: position.lat, lng: position.lng, source: 'gps', battery: 100, recorded_at: at })
    .execute();
}

/**
 * PM intervals that put the demo moulds at different points of their maintenance cycle: most a
 * little way from their next PM, a few due or past it (the counter ran a year since start_count).
 */
async function setMaintenanceIntervals(
  db: Kysely<Database>,
  moulds: ReadonlyArray<{ moldId: number; startCount: number }>,
  counters: ReadonlyMap<number, number>,
): Promise<void> {
  for (const [index, { moldId, startCount }] of moulds.entries()) {
    const cycles = (counters.get(moldId) ?? startCount) - startCount;
    const interval = Math.round((cycles * (0.98 + ((index * 7) % 12) / 20)) / 1000) * 1000;
    await db
      .updateTable('molds')
      .set({ info: sql`jsonb_set(info, '{maint_interval}', to_jsonb(${interval}::int))` })
      .where('id', '=', moldId)
      .execute();
  }
}

async function insertCompany(trx: Transaction<Database>, orgId: number, company: DemoCompany): Promise<number[]> {
  const { id: companyId } = await trx
    .insertInto('companies')
    .values({ org_id: orgId, name: company.name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const groupIds: number[] = [];
  for (const name of company.groups) {
    const group = await trx
      .insertInto('mold_groups')
      .values({ org_id: orgId, company_id: companyId, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    groupIds.push(group.id);
  }
  return groupIds;
}

/** Days from now until each demo mould's device subscription runs out, in turn: some due, one lapsed, most later. */
const DEMO_EXPIRY_DAYS = [-5, 8, 20, 28, 90, 200, 300, 365];
const demoSubscriptionExpiry = (index: number) =>
  new Date(Date.now() + DEMO_EXPIRY_DAYS[index % DEMO_EXPIRY_DAYS.length]! * 86_400_000);

async function insertMould(
  trx: Transaction<Database>,
  orgId: number,
  groupId: number,
  company: DemoCompany,
  part: string,
  info: MoldInfo,
  index: number,
): Promise<number> {
  const mould = await trx
    .insertInto('molds')
    .values({
      org_id: orgId,
      group_id: groupId,
      name: part,
      mold_number: `DM_${1000 + index}`,
      customer: company.name,
      country: company.country,
      workshop: `Hall ${1 + (index % 3)}`,
      cavitation: 1 + (index % 4) * 2,
      // Monitored: the demo's excursions raise alarms.
      launch_listen: 1,
      info: JSON.stringify(info),
      subscription_expires_at: demoSubscriptionExpiry(index),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return mould.id;
}

async function grant(trx: Transaction<Database>, moldId: number, userIds: Array<number | undefined>) {
  const rows = userIds.filter((id): id is number => id !== undefined);
  if (rows.length === 0) return;
  await trx
    .insertInto('user_mold_grants')
    .values(rows.map((userId) => ({ user_id: userId, mold_id: moldId, shared_by: null })))
    .execute();
}

async function insertDevice(
  trx: Transaction<Database>,
  orgId: number,
  moldId: number,
  index: number,
  profile: DeviceProfile,
): Promise<Omit<DemoDevice, 'counter' | 'history_until'>> {
  const token = generateDeviceToken();
  const device_no = `DEMO-${String(index).padStart(4, '0')}-${randomBytes(2).toString('hex')}`;
  await trx
    .insertInto('devices')
    .values({ org_id: orgId, device_no, token_hash: hashDeviceToken(token), mold_id: moldId })
    .execute();
  return { device_no, token, profile };
}
