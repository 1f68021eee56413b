import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId, ResponseCode, type MoldState } from '@mouldwatch/shared';
import { createCompany, createMold, revokeMenu, uniqueDeviceNo, orgIdOf, userIdOf } from '../../../test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../../test/test-app.js';
import type { SeedUser } from '../../seed/organization.js';

let app: TestApp;
/** A user of an organisation of their own, so the counts below are theirs alone. */
let owner: SeedUser;
let token: string;
let userId: number;
let orgId: number;
/** The fixture's moulds by name. */
const moulds: Record<string, number> = {};

interface MouldSpec {
  name: string;
  groupId?: number;
  customer?: string;
  country?: string;
  status?: { state: MoldState; online: boolean; counter?: number };
  deviceNo?: string;
  favourite?: boolean;
  sharedBy?: number;
  info?: object;
}

async function addCompany(name: string, groups: string[]): Promise<number[]> {
  return (await createCompany(app.context.db, orgId, name, groups)).groupIds;
}

async function addMould(spec: MouldSpec, number: string, grantee: number | null = userId): Promise<number> {
  const db = app.context.db;
  const { id } = await db
    .insertInto('molds')
    .values({
      org_id: orgId,
      name: spec.name,
      mold_number: number,
      group_id: spec.groupId ?? null,
      customer: spec.customer ?? '',
      country: spec.country ?? '',
      info: JSON.stringify(spec.info ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (grantee !== null) {
    await db
      .insertInto('user_mold_grants')
      .values({ user_id: grantee, mold_id: id, shared_by: spec.sharedBy ?? null, favourite: spec.favourite ?? false })
      .execute();
  }
  if (spec.deviceNo) {
    await db
      .insertInto('devices')
      .values({ org_id: orgId, device_no: spec.deviceNo, token_hash: uniqueDeviceNo('hash'), mold_id: id })
      .execute();
  }
  if (spec.status) {
    const at = new Date('2024-06-10T11:58:00Z');
    await db
      .insertInto('mold_status')
      .values({ mold_id: id, ...spec.status, last_connect_at: at, state_since: at, accounted_until: at })
      .execute();
  }
  return id;
}

beforeAll(async () => {
  // The sweep never runs during a test: the statuses below stay as written.
  app = await startTestApp({}, undefined, { jobs: { state: { sweepIntervalMs: 3_600_000 } } });
  owner = await app.freshUser();
  token = await app.login(owner);
  userId = await userIdOf(app.context.db, owner.username);
  orgId = await orgIdOf(app.context.db, userId);
  const [automotive, consumer] = await addCompany('Shenzhen Precision', ['Automotive', 'Consumer']);
  const [packaging] = await addCompany('São Paulo Moldes', ['Packaging']);
  const otherAdmin = await userIdOf(app.context.db, ADMIN.username);
  const specs: Array<[string, MouldSpec]> = [
    [
      'DM-1',
      {
        name: 'Bumper bracket',
        groupId: automotive,
        customer: 'Acme',
        country: 'China',
        status: { state: 'run', online: true, counter: 30_000 },
        deviceNo: 'SN-BUMPER-1',
        info: { start_count: 10_000, maint_interval: 50_000, cycle_time: 30 },
      },
    ],
    [
      'DM-2',
      {
        name: 'Door handle',
        groupId: automotive,
        customer: 'Acme',
        country: 'China',
        status: { state: 'idle', online: true },
      },
    ],
    [
      'DM-3',
      {
        name: 'Bottle cap',
        groupId: packaging,
        customer: 'Beta',
        country: 'Brazil',
        status: { state: 'stby', online: true },
      },
    ],
    ['DM-4', { name: 'Lid 90mm' }],
    [
      'DM-5',
      {
        name: 'Gear set 100%',
        groupId: consumer,
        customer: 'Gamma',
        status: { state: 'stop', online: true },
        favourite: true,
      },
    ],
    [
      'DM-6',
      {
        name: 'Shared knob',
        customer: 'Delta',
        country: 'Korea',
        status: { state: 'alarm', online: true },
        sharedBy: otherAdmin,
      },
    ],
  ];
  for (const [number, spec] of specs) moulds[spec.name] = await addMould(spec, number);
  moulds.foreign = await addMould({ name: 'Not yours', customer: 'Hidden', country: 'Hidden' }, 'DM-7', null);
});
afterAll(async () => {
  await app?.close();
});

const get = (url: string, headers: Record<string, string> = {}, as = token) =>
  app.request({ method: 'GET', url, headers, token: as });

async function listed(query = ''): Promise<string[]> {
  const response = await get(`/api/yudata/mold/more/?limit=99999&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Array<{ name: string }>).map((item) => item.name);
}

async function withoutHome<T>(action: (viewerToken: string) => Promise<T>): Promise<T> {
  const user = await app.freshUser();
  const login = await app.login(user);
  await revokeMenu(app.context.db, user.username, MenuId.home);
  return action(login);
}

describe('GET /api/yudata/mold/more/', () => {
  it("lists the caller's granted and shared moulds by id, with what the home list shows", async () => {
    const response = await get('/api/yudata/mold/more/?limit=99999');
    expect(response.json().total).toBe(6);
    expect(await listed()).toEqual([
      'Bumper bracket',
      'Door handle',
      'Bottle cap',
      'Lid 90mm',
      'Gear set 100%',
      'Shared knob',
    ]);
    expect(response.json().data[0]).toEqual({
      id: moulds['Bumper bracket'],
      name: 'Bumper bracket',
      mold_number: 'DM-1',
      group: 'Automotive',
      group_id: expect.any(Number),
      company: 'Shenzhen Precision',
      company_id: expect.any(Number),
      customer: 'Acme',
      country: 'China',
      device_no: 'SN-BUMPER-1',
      mold_image: '',
      favourite: false,
      sort: null,
      state: 'run',
      online: true,
      last_connect_time: Date.parse('2024-06-10T11:58:00Z') / 1000,
      counter: 30_000,
      last_cycle_time: null,
      mold_temp: null,
      hrs_temp: null,
      target_cycle_time: 30,
      // 50,000 − (30,000 − 10,000)
      cycles_until_pm: 30_000,
    });
    expect(response.json().data[3]).toMatchObject({
      name: 'Lid 90mm',
      state: 'off',
      online: false,
      cycles_until_pm: null,
    });
  });

  it.each([
    ['the name, in any case', 'search=BUMPER', ['Bumper bracket']],
    ['the mould no', 'search=dm-3', ['Bottle cap']],
    ['the serial number', 'search=sn-bumper', ['Bumper bracket']],
    ['a literal %', `search=${encodeURIComponent('100%')}`, ['Gear set 100%']],
    ['a literal _ (no wildcard)', 'search=_', []],
  ])('searches %s', async (_case, query, names) => {
    expect(await listed(query)).toEqual(names);
  });

  it('filters by company, group, customer, country and favourite, together too', async () => {
    const options = (await get('/api/yudata/more/filter/')).json().data;
    const shenzhen = options.companies.find((company: { name: string }) => company.name === 'Shenzhen Precision').id;
    const consumer = options.groups.find((group: { name: string }) => group.name === 'Consumer').id;
    expect(await listed(`company=${shenzhen}`)).toEqual(['Bumper bracket', 'Door handle', 'Gear set 100%']);
    expect(await listed(`group=${consumer}`)).toEqual(['Gear set 100%']);
    expect(await listed('customer=Acme')).toEqual(['Bumper bracket', 'Door handle']);
    expect(await listed(`country=${encodeURIComponent('Brazil')}`)).toEqual(['Bottle cap']);
    expect(await listed('favourite=1')).toEqual(['Gear set 100%']);
    expect(await listed(`company=${shenzhen}&customer=Acme&search=door`)).toEqual(['Door handle']);
  });

  it('filters by state class (stby counts as idle; never reported is off) and by connection', async () => {
    expect(await listed('state=idle')).toEqual(['Door handle', 'Bottle cap']);
    expect(await listed('state=off')).toEqual(['Lid 90mm']);
    expect(await listed('state=alarm')).toEqual(['Shared knob']);
    expect(await listed('online=0')).toEqual(['Lid 90mm']);
    expect(await listed('online=1&state=run')).toEqual(['Bumper bracket']);
  });

  it('pages, with the total of all that pass', async () => {
    const response = await get('/api/yudata/mold/more/?page=2&limit=2&customer=Acme');
    expect(response.json()).toMatchObject({ total: 2, data: [] });
    const second = await get('/api/yudata/mold/more/?page=2&limit=2');
    expect(second.json().total).toBe(6);
    expect(second.json().data.map((item: { name: string }) => item.name)).toEqual(['Bottle cap', 'Lid 90mm']);
  });

  it('shows what was last written to the mould, its group, company, status, device and grant', async () => {
    const db = app.context.db;
    const user = await app.freshUser();
    const userToken = await app.login(user);
    const [groupId] = await addCompany('Quote "Co" \\ 1', ['Tab\tgroup']);
    const awkward = 'Ünïcødé 模具 "q" \\ back\nline \u0001';
    const moldId = await addMould(
      {
        name: awkward,
        groupId,
        customer: 'Cust "C"',
        country: '한국',
        status: { state: 'run', online: true, counter: 500 },
        deviceNo: 'SN-"Q"',
        info: { start_count: 100, maint_interval: 1_000, cycle_time: 12.5 },
      },
      'DM-Q',
      await userIdOf(db, user.username),
    );
    const itemOf = async () => {
      const response = await get('/api/yudata/mold/more/?limit=99999', {}, userToken);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data[0];
    };
    expect(await itemOf()).toEqual({
      id: moldId,
      name: awkward,
      mold_number: 'DM-Q',
      group: 'Tab\tgroup',
      group_id: groupId,
      company: 'Quote "Co" \\ 1',
      company_id: expect.any(Number),
      customer: 'Cust "C"',
      country: '한국',
      device_no: 'SN-"Q"',
      mold_image: '',
      favourite: false,
      sort: null,
      state: 'run',
      online: true,
      last_connect_time: Date.parse('2024-06-10T11:58:00Z') / 1000,
      counter: 500,
      last_cycle_time: null,
      mold_temp: null,
      hrs_temp: null,
      target_cycle_time: 12.5,
      // 1,000 − (500 − 100)
      cycles_until_pm: 600,
    });

    await db.updateTable('companies').set({ name: 'Renamed Co' }).where('name', '=', 'Quote "Co" \\ 1').execute();
    await db.updateTable('mold_groups').set({ name: 'Renamed group' }).where('id', '=', groupId!).execute();
    await db
      .updateTable('molds')
      .set({ name: 'Renamed mould', mold_image: '/m.png', info: JSON.stringify({ maint_interval: 2_000 }) })
      .where('id', '=', moldId)
      .execute();
    // As the state engine writes a status.
    const at = new Date('2024-06-10T12:00:30.900Z');
    const status = {
      mold_id: moldId,
      state: 'stop' as const,
      online: false,
      last_connect_at: at,
      counter: 700,
      last_cycle_time: 31.5,
      mold_temp: [60.5, null, 61, null],
      hrs_temp: [220.25],
      state_since: at,
      accounted_until: at,
    };
    const { mold_id: _moldId, ...changes } = status;
    await db
      .insertInto('mold_status')
      .values(status)
      .onConflict((conflict) => conflict.column('mold_id').doUpdateSet(changes))
      .execute();
    await db.updateTable('devices').set({ mold_id: null }).where('mold_id', '=', moldId).execute();
    await db.updateTable('user_mold_grants').set({ favourite: true, sort: 3 }).where('mold_id', '=', moldId).execute();
    expect(await itemOf()).toMatchObject({
      name: 'Renamed mould',
      group: 'Renamed group',
      company: 'Renamed Co',
      device_no: null,
      mold_image: '/m.png',
      favourite: true,
      sort: 3,
      state: 'stop',
      online: false,
      last_connect_time: Math.floor(at.getTime() / 1000),
      counter: 700,
      last_cycle_time: 31.5,
      mold_temp: [60.5, null, 61, null],
      hrs_temp: [220.25],
      target_cycle_time: null,
      // 2,000 − 700
      cycles_until_pm: 1_300,
    });
  });

  it('lists a mould whose settings hold a value that is not a number as having none', async () => {
    const db = app.context.db;
    const user = await app.freshUser();
    const moldId = await addMould(
      { name: 'Odd settings', status: { state: 'run', online: true, counter: 10 }, info: { cycle_time: 20 } },
      'DM-ODD',
      await userIdOf(db, user.username),
    );
    const odd = { cycle_time: 'fast', maint_interval: '1000', start_count: true };
    await db
      .updateTable('molds')
      .set({ info: JSON.stringify(odd) })
      .where('id', '=', moldId)
      .execute();
    const response = await get('/api/yudata/mold/more/?limit=99999', {}, await app.login(user));
    expect(response.json().data[0]).toMatchObject({ id: moldId, target_cycle_time: null, cycles_until_pm: null });
  });

  it.each([
    ['state', 'state=sleeping'],
    ['online', 'online=yes'],
    ['company', 'company=abc'],
    ['favourite', 'favourite=2'],
    ['search', `search=${'x'.repeat(65)}`],
  ])('answers 400 naming %s', async (field, query) => {
    const response = await get(`/api/yudata/mold/more/?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ResponseCode.invalid, msg: expect.stringContaining(field) });
  });
});

describe('GET /api/yudata/mold/stateCount/', () => {
  it('counts the moulds per state class and connection', async () => {
    const response = await get('/api/yudata/mold/stateCount/');
    expect(response.json().data).toEqual({
      run: 1,
      idle: 2,
      alarm: 1,
      stop: 1,
      off: 1,
      online: 5,
      offline: 1,
      total: 6,
    });
  });

  it('counts only the moulds passing the other filters', async () => {
    const response = await get('/api/yudata/mold/stateCount/?customer=Acme');
    expect(response.json().data).toEqual({
      run: 1,
      idle: 1,
      alarm: 0,
      stop: 0,
      off: 0,
      online: 2,
      offline: 0,
      total: 2,
    });
  });
});

describe('GET /api/yudata/more/filter/', () => {
  it("offers the companies, groups, customers and countries of the caller's moulds only", async () => {
    for (const url of ['/api/yudata/more/filter/', '/api/yudata/more/filter/some-token']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const options = response.json().data;
      expect(options.companies.map((company: { name: string }) => company.name)).toEqual([
        'São Paulo Moldes',
        'Shenzhen Precision',
      ]);
      expect(options.groups.map((group: { name: string }) => group.name)).toEqual([
        'Automotive',
        'Consumer',
        'Packaging',
      ]);
      expect(options.customers).toEqual(['Acme', 'Beta', 'Delta', 'Gamma']);
      expect(options.countries).toEqual(['Brazil', 'China', 'Korea']);
      expect(options.states).toEqual(['run', 'idle', 'alarm', 'stop', 'off']);
    }
  });
});

describe('GET /api/yudata/mold/{moldId}/', () => {
  const noon = Date.parse('2024-06-10T12:00:00Z') / 1000;

  beforeAll(async () => {
    app.context.now = () => new Date(noon * 1000);
    const moldId = moulds['Bumper bracket']!;
    await app.context.db
      .updateTable('mold_status')
      .set({ battery: 76, lat: 22.54, lng: 114.05 })
      .where('mold_id', '=', moldId)
      .execute();
    await app.context.db
      .updateTable('molds')
      .set({ oem_id: 'EQ-77', mold_image: '/uploads/bumper.png' })
      .where('id', '=', moldId)
      .execute();
    // 120 cycles, the first 20 slow; a heartbeat after each repeats the cycle time and does not count.
    const readings = Array.from({ length: 120 }, (_, index) => {
      const ts = new Date((noon - 7200 + index * 60) * 1000);
      const cycleTime = index < 20 ? 90 : 30 + (index % 2);
      return [
        { device_id: 1, seq: index * 2, ts, mold_id: moldId, cycle_time: cycleTime, event: 'cycle' as const },
        { device_id: 1, seq: index * 2 + 1, ts, mold_id: moldId, cycle_time: 500, event: 'heartbeat' as const },
      ];
    }).flat();
    await app.context.db.insertInto('readings').values(readings).execute();
    const slot = (iso: string, stop: number) => ({ mold_id: moldId, slot_start: new Date(iso), c_stop_time: stop });
    await app.context.db
      .insertInto('time_state_slots')
      .values([slot('2024-06-09T18:25:00Z', 1), slot('2024-06-09T18:30:00Z', 0.5), slot('2024-06-10T11:00:00Z', 1)])
      .execute();
  });

  it("answers the spec's displayed facts", async () => {
    const response = await get(`/api/yudata/mold/${moulds['Bumper bracket']}/`, { 'time-zone': 'UTC' });
    expect(response.statusCode, response.body).toBe(200);
    const created = await app.context.db
      .selectFrom('molds')
      .select(['created_at', 'updated_at'])
      .where('id', '=', moulds['Bumper bracket']!)
      .executeTakeFirstOrThrow();
    expect(response.json().data).toEqual({
      id: moulds['Bumper bracket'],
      name: 'Bumper bracket',
      mold_number: 'DM-1',
      group: 'Automotive',
      company: 'Shenzhen Precision',
      customer: 'Acme',
      country: 'China',
      state: 'run',
      online: true,
      project_name: '',
      part_id: '',
      start_count: 10_000,
      activation_time: noon - 7200,
      created_time: Math.floor(created.created_at.getTime() / 1000),
      modified_time: Math.floor(created.updated_at.getTime() / 1000),
      last_connect_time: Date.parse('2024-06-10T11:58:00Z') / 1000,
      counter: 30_000,
      maint_interval: 50_000,
      cycles_until_pm: 30_000,
      // No maintenance task (maintenance.routes.test.ts follows a task's statuses here).
      maint_status: null,
      target_cycle_time: 30,
      // The last 100 cycles alternate 30 and 31 s.
      average_cycle_time: 30.5,
      averaged_cycles: 100,
      // Today in UTC: the 11:00 slot only.
      stop_seconds_today: 300,
      location: { lat: 22.54, lng: 114.05, source: 'gps' },
      mold_image: '/uploads/bumper.png',
      favourite: false,
      device_no: 'SN-BUMPER-1',
      too_old: null,
      oem_id: 'EQ-77',
      battery: 76,
      thermocouple_type: 0,
      info: expect.objectContaining({ start_count: 10_000, maint_interval: 50_000, cycle_time: 30, basic_time: null }),
    });
  });

  it('gives an uploaded image as the URL the browser loads it from', async () => {
    const moldId = moulds['Bumper bracket']!;
    const key = `molds/${'ab'.repeat(16)}.png`;
    await app.context.db.updateTable('molds').set({ mold_image: key }).where('id', '=', moldId).execute();
    try {
      const response = await get(`/api/yudata/mold/${moldId}/`);
      expect(response.json().data.mold_image).toBe(`/api/files/${key}`);
    } finally {
      await app.context.db
        .updateTable('molds')
        .set({ mold_image: '/uploads/bumper.png' })
        .where('id', '=', moldId)
        .execute();
    }
  });

  it('dates the activation by the roll-ups once the first raw readings are gone', async () => {
    const moldId = moulds['Door handle']!;
    const firstBucket = new Date((noon - 90 * 86_400) * 1000);
    await app.context.db
      .insertInto('mold_rollups')
      .values([
        { mold_id: moldId, bucket: firstBucket, run_s: 900 },
        // The bucket of the Bumper bracket's first raw reading, which began 10 minutes into it.
        { mold_id: moulds['Bumper bracket']!, bucket: new Date((noon - 7800) * 1000), run_s: 300 },
      ])
      .execute();
    const response = await get(`/api/yudata/mold/${moldId}/`);
    expect(response.json().data.activation_time).toBe(noon - 90 * 86_400);
    // Where the raw readings still reach back to the first bucket, the first reading is exact.
    const bumper = await get(`/api/yudata/mold/${moulds['Bumper bracket']}/`);
    expect(bumper.json().data.activation_time).toBe(noon - 7200);
  });

  it("counts stop time from the start of the day in the caller's time zone", async () => {
    const response = await get(`/api/yudata/mold/${moulds['Bumper bracket']}/`, { 'time-zone': 'Asia/Kolkata' });
    // Kolkata's day began at 18:30 UTC: 0.5 and 1 slot of 300 s.
    expect(response.json().data.stop_seconds_today).toBe(450);
  });

  it('shows a shared mould, and a mould that never reported as off without figures', async () => {
    const shared = await get(`/api/yudata/mold/${moulds['Shared knob']}/`);
    expect(shared.json().data).toMatchObject({ name: 'Shared knob', state: 'alarm' });
    const silent = await get(`/api/yudata/mold/${moulds['Lid 90mm']}/`);
    expect(silent.json().data).toMatchObject({
      state: 'off',
      online: false,
      activation_time: null,
      average_cycle_time: null,
      averaged_cycles: 0,
      stop_seconds_today: 0,
      location: null,
      battery: null,
      device_no: null,
    });
  });

  it('refuses a mould the caller may not see, and one that does not exist, with 403', async () => {
    for (const moldId of [moulds.foreign, 999_999_999]) {
      const response = await get(`/api/yudata/mold/${moldId}/`);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(ResponseCode.forbidden);
    }
  });

  it('answers 400 naming the id for one that is not a number', async () => {
    const response = await get('/api/yudata/mold/abc/');
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('moldId');
  });
});

describe('permission', () => {
  it.each([
    '/api/yudata/mold/more/',
    '/api/yudata/mold/stateCount/',
    '/api/yudata/more/filter/',
    '/api/yudata/mold/1/',
  ])('refuses %s to a role without the home screen', async (url) => {
    const response = await withoutHome((viewer) => get(url, {}, viewer));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(ResponseCode.forbidden);
  });
});

describe('routes beside the mould facts', () => {
  it('are not taken for a mould id', async () => {
    const mine = await createMold(app.context.db, orgId, [userId]);
    const history = await get(`/api/yudata/mold/statusHistory/${mine}/?start=0&end=3600`);
    expect(history.statusCode).toBe(200);
    expect((await get('/api/yudata/mold/stateCount/')).json().data.total).toBe(7);
  });
});
