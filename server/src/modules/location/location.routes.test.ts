import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId, wgs84ToGcj02, type LivePosition } from '@mouldwatch/shared';
import { createMold, limitMenuActions, mouldWithDevice, telemetryMessage, userIdOf } from '../../../test/factories.js';
import { addCompany, addGroup, otherOrganisationAdmin, putInGroup } from '../../../test/organisation.js';
import { ADMIN, startTestApp, VIEWER, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let admin: string;
let adminId: number;
let viewer: string;
let viewerId: number;
beforeAll(async () => {
  app = await startTestApp({ MAP_TILES_GLOBAL: 'http://127.0.0.1:9/{z}/{x}/{y}.png', MAP_TILES_CHINA: 'none' });
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  viewer = await app.login(VIEWER);
  viewerId = await userIdOf(app.context.db, VIEWER.username);
});
afterAll(async () => {
  await app?.close();
});

const get = (token: string, url: string) => app.request({ method: 'GET', url, token });
const history = (token: string, moldId: number, query = '') =>
  get(token, `/api/yudata/location_history/?mold_id=${moldId}&limit=9999${query}`);
const setManual = (token: string, moldId: number, payload: object) =>
  app.request({ method: 'PUT', url: `/api/yudata/map/position/${moldId}/?lang=en`, token, payload });
/** The map's rows as objects (the call answers compact arrays). */
async function mapOf(token: string, query = '') {
  const body = (await get(token, `/api/yudata/map/${query}`)).json();
  expect(body.code).toBe(200);
  const fields = body.data.fields as string[];
  return (body.data.rows as unknown[][]).map((row) => Object.fromEntries(fields.map((field, i) => [field, row[i]])));
}
const now = () => Math.floor(Date.now() / 1000);

/** ~11 m of latitude per 0.0001°. */
describe('positions from readings', () => {
  it('follows GPS, keeps a thinned history and the battery, and shows it on the map', async () => {
    const { moldId, send } = await mouldWithDevice(app, admin, [adminId]);
    const t = now() - 100;
    await send([telemetryMessage(1, { ts: t, gps: { lat: 31.2304, lng: 121.4737 }, battery: 80 })]);
    await app.services.locationTracker.settled();
    // Noise of a few metres: no new history point.
    await send([telemetryMessage(2, { ts: t + 10, gps: { lat: 31.23043, lng: 121.4737 }, battery: 79 })]);
    await app.services.locationTracker.settled();
    // A real move of ~110 m.
    await send([telemetryMessage(3, { ts: t + 20, gps: { lat: 31.2314, lng: 121.4737 }, battery: 78 })]);
    await app.services.locationTracker.settled();

    const body = (await history(admin, moldId)).json();
    expect(body).toMatchObject({ code: 200, total: 2 });
    expect(body.data[0]).toEqual({
      lat: 31.2314,
      lng: 121.4737,
      source: 'gps',
      accuracy_m: null,
      battery: 78,
      datetime: t + 20,
      label: '',
    });
    expect(body.data[1]).toMatchObject({ lat: 31.2304, datetime: t });

    const [row] = (await mapOf(admin)).filter((entry) => entry.id === moldId);
    expect(row).toMatchObject({ lat: 31.2314, lng: 121.4737, source: 0, battery: 78, online: 1 });

    // start / end narrow the history.
    expect((await history(admin, moldId, `&start=${t + 5}`)).json().total).toBe(1);
    expect((await history(admin, moldId, `&end=${t + 5}`)).json().data[0].datetime).toBe(t);
  });

  it('tells the consoles when the position shown was taken, not when the message went out', async () => {
    const { moldId, send } = await mouldWithDevice(app, admin, [adminId]);
    const heard: LivePosition[] = [];
    const unsubscribe = app.context.bus.subscribe('moldPositions', ({ positions }) => void heard.push(...positions));
    try {
      const t = now() - 2 * 86_400;
      await send([telemetryMessage(1, { ts: t, gps: { lat: 22.5431, lng: 114.0579 } })]);
      await app.services.locationTracker.settled();
      expect(heard.filter(([id]) => id === moldId).map((position) => position[5])).toEqual([t]);
      const [row] = (await mapOf(admin)).filter((entry) => entry.id === moldId);
      expect(row?.located).toBe(t);
      // A manual position and then its removal: the map goes back to the fix of two days ago, and says so.
      expect((await setManual(admin, moldId, { lat: 22.6, lng: 114.1, label: 'Bay 3' })).json().code).toBe(200);
      expect(heard.at(-1)?.[5]).toBeGreaterThanOrEqual(now() - 5);
      expect(
        (await app.request({ method: 'DELETE', url: `/api/yudata/map/position/${moldId}/`, token: admin })).json().code,
      ).toBe(200);
      expect(heard.at(-1)).toEqual([moldId, 22.5431, 114.0579, 0, null, t]);
    } finally {
      unsubscribe();
    }
  });

  it("keeps the whole track of a device's buffered upload, thinned, not only its newest position", async () => {
    const { moldId, send } = await mouldWithDevice(app, admin, [adminId]);
    const t = now() - 3600;
    // An hour buffered during an outage, sent at once: a drive north of ~110 m a minute, with a stop.
    const track = Array.from({ length: 30 }, (_, minute) => {
      const lat = 31.2304 + 0.001 * Math.min(minute, 20);
      return telemetryMessage(minute + 1, { ts: t + minute * 60, gps: { lat, lng: 121.4737 }, battery: 90 - minute });
    });
    await send(track);
    await app.services.locationTracker.settled();

    const body = (await history(admin, moldId)).json();
    // 21 positions: the start and each minute's move; the 9 minutes standing still add none.
    expect(body.total).toBe(21);
    expect(body.data.at(-1)).toMatchObject({ lat: 31.2304, datetime: t, battery: 90 });
    expect(body.data[0]).toMatchObject({ lat: 31.2504, datetime: t + 20 * 60, battery: 70 });
    const [row] = (await mapOf(admin)).filter((entry) => entry.id === moldId);
    expect(row).toMatchObject({ lat: 31.2504, battery: 61 });

    // The same hour again (a device repeating its upload) adds nothing.
    await send(track);
    await app.services.locationTracker.settled();
    expect((await history(admin, moldId)).json().total).toBe(21);
  });

  it('learns access points from GPS + WiFi readings and places a WiFi-only device by them', async () => {
    const teacher = await mouldWithDevice(app, admin, [adminId]);
    const t = now() - 50;
    const scan = [
      { bssid: 'aa:bb:cc:00:00:01', rssi: -50 },
      { bssid: 'AA:BB:CC:00:00:02', rssi: -60 },
    ];
    await teacher.send([telemetryMessage(1, { ts: t, gps: { lat: 48.1351, lng: 11.582 }, wifi: scan })]);
    await app.services.locationTracker.settled();
    const points = (await get(admin, '/api/yudata/map/access_points/?search=AA:BB:CC')).json();
    expect(points.total).toBe(2);
    expect(points.data[0]).toMatchObject({ bssid: 'AA:BB:CC:00:00:01', learned: true, lat: 48.1351 });

    const wifiOnly = await mouldWithDevice(app, admin, [adminId]);
    await wifiOnly.send([telemetryMessage(1, { ts: t + 1, wifi: scan })]);
    await app.services.locationTracker.settled();
    const [row] = (await mapOf(admin)).filter((entry) => entry.id === wifiOnly.moldId);
    expect(row).toMatchObject({ source: 1, lat: 48.1351, lng: 11.582 });
    expect(row!.accuracy_m).toBeGreaterThanOrEqual(15);
    expect((await history(admin, wifiOnly.moldId)).json().data[0]).toMatchObject({ source: 'wifi' });
  });

  it('an administrator-entered access point is not moved by learning', async () => {
    const added = await app.request({
      method: 'POST',
      url: '/api/yudata/map/access_points/',
      token: admin,
      payload: { bssid: 'dd:00:00:00:00:01', lat: 10, lng: 20, label: 'Hall 1' },
    });
    expect(added.json()).toMatchObject({ code: 200, data: { bssid: 'DD:00:00:00:00:01', learned: false } });
    const { send } = await mouldWithDevice(app, admin, [adminId]);
    await send([telemetryMessage(1, { gps: { lat: 11, lng: 21 }, wifi: [{ bssid: 'DD:00:00:00:00:01', rssi: -40 }] })]);
    await app.services.locationTracker.settled();
    const listed = (await get(admin, '/api/yudata/map/access_points/?search=DD:00')).json();
    expect(listed.data[0]).toMatchObject({ lat: 10, lng: 20, label: 'Hall 1' });
    // The same BSSID twice: refused.
    const again = await app.request({
      method: 'POST',
      url: '/api/yudata/map/access_points/?lang=en',
      token: admin,
      payload: { bssid: 'DD:00:00:00:00:01', lat: 1, lng: 2 },
    });
    expect(again.statusCode).toBe(409);
    const id = added.json().data.id as number;
    const edited = await app.request({
      method: 'PUT',
      url: `/api/yudata/map/access_points/${id}/`,
      token: admin,
      payload: { bssid: 'DD:00:00:00:00:01', lat: 12, lng: 22, accuracy_m: 30 },
    });
    expect(edited.json().data).toMatchObject({ lat: 12, accuracy_m: 30 });
    expect(
      (await app.request({ method: 'DELETE', url: `/api/yudata/map/access_points/${id}/`, token: admin })).statusCode,
    ).toBe(200);
    expect(
      (await app.request({ method: 'DELETE', url: `/api/yudata/map/access_points/${id}/`, token: admin })).statusCode,
    ).toBe(404);
  });
});

describe('manual position', () => {
  it('is shown while no fix is newer, is a history point, and clears back to the fix', async () => {
    const { moldId, send } = await mouldWithDevice(app, admin, [adminId]);
    await send([telemetryMessage(1, { ts: now() - 30, gps: { lat: 22.5431, lng: 114.0579 } })]);
    await app.services.locationTracker.settled();

    expect((await setManual(admin, moldId, { lat: 22.6, lng: 114.1, label: ' Bay 3 ' })).json()).toMatchObject({
      code: 200,
    });
    let [row] = (await mapOf(admin)).filter((entry) => entry.id === moldId);
    expect(row).toMatchObject({ lat: 22.6, lng: 114.1, source: 2, label: 'Bay 3' });
    expect((await history(admin, moldId)).json().data[0]).toMatchObject({
      source: 'manual',
      lat: 22.6,
      label: 'Bay 3',
    });
    // A second manual position: its point carries its label, the older manual point none (history keeps none).
    await setManual(admin, moldId, { lat: 22.61, lng: 114.1, label: 'Bay 4' });
    const points = (await history(admin, moldId)).json().data;
    expect(points.slice(0, 2)).toMatchObject([
      { source: 'manual', lat: 22.61, label: 'Bay 4' },
      { source: 'manual', lat: 22.6, label: '' },
    ]);

    // An older reading arriving late does not take its place; a newer one does.
    await send([telemetryMessage(2, { ts: now() - 20, gps: { lat: 22.5432, lng: 114.0579 } })]);
    await app.services.locationTracker.settled();
    [row] = (await mapOf(admin)).filter((entry) => entry.id === moldId);
    expect(row).toMatchObject({ source: 2 });
    await send([telemetryMessage(3, { ts: now() + 5, gps: { lat: 22.5433, lng: 114.0579 } })]);
    await app.services.locationTracker.settled();
    [row] = (await mapOf(admin)).filter((entry) => entry.id === moldId);
    expect(row).toMatchObject({ source: 0, lat: 22.5433 });

    // A mould without any fix: a manual position, then cleared, leaves the map.
    const bare = await createMold(app.context.db, app.orgId, [adminId]);
    await setManual(admin, bare, { lat: 1, lng: 2 });
    expect((await mapOf(admin)).some((entry) => entry.id === bare)).toBe(true);
    await app.request({ method: 'DELETE', url: `/api/yudata/map/position/${bare}/`, token: admin });
    expect((await mapOf(admin)).some((entry) => entry.id === bare)).toBe(false);
  });

  it('refuses coordinates out of range, naming the field', async () => {
    const moldId = await createMold(app.context.db, app.orgId, [adminId]);
    for (const [payload, field] of [
      [{ lat: 91, lng: 0 }, 'lat'],
      [{ lat: -90.5, lng: 0 }, 'lat'],
      [{ lat: 0, lng: 180.01 }, 'lng'],
      [{ lat: 0 }, 'lng'],
      [{ lat: '1', lng: 2 }, 'lat'],
      [{ lat: 1, lng: 2, label: 'x'.repeat(65) }, 'label'],
    ] as const) {
      const response = await setManual(admin, moldId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().msg).toContain(field);
    }
    const badAp = await app.request({
      method: 'POST',
      url: '/api/yudata/map/access_points/?lang=en',
      token: admin,
      payload: { bssid: 'nope', lat: 0, lng: 0 },
    });
    expect(badAp.statusCode).toBe(400);
    expect(badAp.json().msg).toContain('bssid');
  });

  it('refuses a mould the user may not edit, another organisation’s mould, and a user without the map', async () => {
    // Shared to the viewer by the admin: readable, not editable.
    const shared = await createMold(app.context.db, app.orgId, [adminId]);
    await app.context.db
      .insertInto('user_mold_grants')
      .values({ user_id: viewerId, mold_id: shared, shared_by: adminId })
      .execute();
    await limitMenuActions(app.context.db, VIEWER.username, MenuId.map, ['view', 'edit', 'export']);
    const viewerToken = await app.login(VIEWER);
    expect((await setManual(viewerToken, shared, { lat: 1, lng: 1 })).statusCode).toBe(422);
    expect((await history(viewerToken, shared)).statusCode).toBe(200);

    // Not granted at all: 403; another organisation's: 404.
    const notGranted = await createMold(app.context.db, app.orgId, [adminId]);
    expect((await setManual(viewerToken, notGranted, { lat: 1, lng: 1 })).statusCode).toBe(403);
    expect((await history(viewerToken, notGranted)).statusCode).toBe(403);
    const other = await otherOrganisationAdmin(app);
    expect((await setManual(other.token, shared, { lat: 1, lng: 1 })).statusCode).toBe(404);
    expect((await history(other.token, shared)).statusCode).toBe(404);
    expect((await get(other.token, `/api/yudata/location_history/export/?mold_id=${shared}`)).statusCode).toBe(404);

    // Without the map's edit action: 403 / 6000.
    await limitMenuActions(app.context.db, VIEWER.username, MenuId.map, ['view']);
    const refused = await setManual(viewer, shared, { lat: 1, lng: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(6000);
    expect((await get(viewer, '/api/yudata/map/access_points/')).statusCode).toBe(403);
    // Without the map at all.
    await limitMenuActions(app.context.db, VIEWER.username, MenuId.map, []);
    expect((await get(viewer, '/api/yudata/map/')).statusCode).toBe(403);
    expect((await history(viewer, shared)).statusCode).toBe(403);
  });

  it("never sends the positions of moulds the user may not see (map call), and another organisation's access points are absent", async () => {
    const other = await otherOrganisationAdmin(app);
    const mine = await createMold(app.context.db, app.orgId, [adminId]);
    await setManual(admin, mine, { lat: 5, lng: 5 });
    expect((await mapOf(other.token)).some((entry) => entry.id === mine)).toBe(false);
    const listed = (await get(other.token, '/api/yudata/map/access_points/')).json();
    expect(listed.total).toBe(0);
  });
});

describe('the rest of the map calls', () => {
  it('filters by company and group, bounds the history limit, answers the tile config and exports', async () => {
    expect((await get(admin, '/api/yudata/map/?company_id=999999')).json().data.rows).toEqual([]);
    // The filters' names: the companies and groups of the caller's moulds.
    const companyId = await addCompany(app, admin, 'MapCo');
    const groupId = await addGroup(app, admin, companyId, 'MapLine');
    const grouped = await createMold(app.context.db, app.orgId, [adminId]);
    await putInGroup(app, groupId, [grouped]);
    await setManual(admin, grouped, { lat: 7, lng: 8 });
    const { companies, groups } = (await get(admin, '/api/yudata/map/')).json().data;
    expect(companies).toContainEqual([companyId, 'MapCo']);
    expect(groups).toContainEqual([groupId, 'MapLine', companyId]);
    expect((await mapOf(admin, `?group_id=${groupId}`)).map((entry) => entry.id)).toEqual([grouped]);
    expect((await mapOf(admin, `?company_id=${companyId}`)).map((entry) => entry.id)).toEqual([grouped]);
    expect((await get(admin, '/api/yudata/location_history/?mold_id=1&limit=10000')).statusCode).toBe(400);
    expect((await get(admin, '/api/yudata/location_history/?mold_id=x')).statusCode).toBe(400);
    expect((await get(admin, '/api/yudata/location_history/?mold_id=1&start=10&end=5')).statusCode).toBe(400);
    const config = (await get(admin, '/api/yudata/map/config/')).json().data;
    expect(config.global).toMatchObject({ url: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
    expect(config.china).toMatchObject({ url: '' });

    const moldId = await createMold(app.context.db, app.orgId, [adminId]);
    await setManual(admin, moldId, { lat: 3, lng: 4 });
    const exported = await get(admin, `/api/yudata/location_history/export/?mold_id=${moldId}&lang=zh`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('the China provider draws where GCJ-02 says (the console converts; the API stays WGS-84)', () => {
    const shifted = wgs84ToGcj02({ lat: 22.5431, lng: 114.0579 });
    expect(shifted.lat).not.toBeCloseTo(22.5431, 4);
  });
});
