import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmType } from '@mouldwatch/shared';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let adminToken: string;
let adminId: number;

const userIdOf = async (token: string) =>
  (await app.request({ method: 'GET', url: '/api/yudata/user/user_info/', token })).json().data.id as number;

beforeAll(async () => {
  app = await startTestApp();
  adminToken = await app.login(ADMIN);
  adminId = await userIdOf(adminToken);
  for (let index = 1; index <= 12; index += 1) {
    await app.services.notices.create({
      userId: adminId,
      alarmType: AlarmType.temperature,
      moldName: `Mould ${index}`,
      moldNumber: `M-${index}`,
      content: { number: `M-${index}`, temp_type: 2, temp_name: 'T1' },
    });
  }
});
afterAll(() => app.close());

describe('notices', () => {
  it('lists the user’s notices newest first, ten to a page, with the total', async () => {
    const first = await app.request({ method: 'GET', url: '/api/yudata/user_message/?page=1', token: adminToken });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(12);
    expect(body.data).toHaveLength(10);
    expect(body.data[0]).toMatchObject({ mold_name: 'Mould 12', alarm_type: 3, is_read: false });
    expect(JSON.parse(body.data[0].content)).toEqual({ number: 'M-12', temp_type: 2, temp_name: 'T1' });
    const second = await app.request({ method: 'GET', url: '/api/yudata/user_message/?page=2', token: adminToken });
    expect(second.json().data.map((notice: { mold_name: string }) => notice.mold_name)).toEqual(['Mould 2', 'Mould 1']);
  });

  it('shows nobody else’s notices and lets nobody else delete them', async () => {
    const viewerToken = await app.login(VIEWER);
    const list = await app.request({ method: 'GET', url: '/api/yudata/user_message/', token: viewerToken });
    expect(list.json()).toMatchObject({ code: 200, total: 0, data: [] });
    const adminNotices = (await app.services.notices.page(adminId, 1)).items;
    const stolen = await app.request({
      method: 'DELETE',
      url: `/api/yudata/user_message/${adminNotices[0]?.id}/`,
      token: viewerToken,
    });
    expect(stolen.statusCode).toBe(404);
    expect((await app.services.notices.page(adminId, 1)).total).toBe(12);
  });

  it('deletes an opened notice and marks the rest read', async () => {
    const [newest] = (await app.services.notices.page(adminId, 1)).items;
    const deleted = await app.request({
      method: 'DELETE',
      url: `/api/yudata/user_message/${newest?.id}/`,
      token: adminToken,
    });
    expect(deleted.json()).toMatchObject({ code: 200, msg: 'Deleted successfully' });
    expect(await app.services.notices.unreadCount(adminId)).toBe(11);
    const read = await app.request({ method: 'GET', url: '/api/yudata/sell_all/', token: adminToken });
    expect(read.json().data).toEqual({ marked: 11 });
    expect(await app.services.notices.unreadCount(adminId)).toBe(0);
  });

  it('refuses bad input and callers without a session', async () => {
    const bad = await app.request({ method: 'GET', url: '/api/yudata/user_message/?page=0', token: adminToken });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(400);
    const anonymous = await app.request({ method: 'GET', url: '/api/yudata/user_message/' });
    expect(anonymous.json().code).toBe(5000);
  });
});
