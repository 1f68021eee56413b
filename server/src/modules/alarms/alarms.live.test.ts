import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlarm, createMold, userIdOf } from '../../../test/factories.js';
import { otherOrganisationAdmin } from '../../../test/organisation.js';
import { liveMessagesOf } from '../../../test/live-socket.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let liveUrl: string;

beforeAll(async () => {
  app = await startTestApp();
  const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
  liveUrl = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => app.close());

/** A logged-in socket and the `alarms` messages it received. */
async function alarmSocket(token: string) {
  const { socket, messages } = await liveMessagesOf(liveUrl, token, 'alarms');
  return { socket, alarms: messages };
}

describe('the live relay of alarm changes', () => {
  it('tells the consoles of users who may read the mould, and no one else', async () => {
    const [admin, viewer] = await Promise.all([app.login(ADMIN), app.login(VIEWER)]);
    const adminId = await userIdOf(app.context.db, ADMIN.username);
    const viewerId = await userIdOf(app.context.db, VIEWER.username);
    const moldId = await createMold(app.context.db, app.orgId, [adminId, viewerId]);
    const alarm = await createAlarm(app.context.db, app.orgId, moldId, { alarm_type: 2, channel: 'cycle_time' });
    const other = await otherOrganisationAdmin(app);
    const [viewerSocket, otherSocket] = await Promise.all([alarmSocket(viewer), alarmSocket(other.token)]);

    // The engine's opening, and an acknowledgement through the API.
    app.context.bus.publish('alarmChanged', {
      orgId: app.orgId,
      moldId,
      alarmId: alarm.id,
      alarmType: 2,
      change: 'opened',
    });
    const response = await app.request({
      method: 'POST',
      url: '/api/yudata/alarm/acknowledge/',
      token: admin,
      payload: { ids: [alarm.id] },
    });
    expect(response.statusCode).toBe(200);
    await expect.poll(() => viewerSocket.alarms.length).toBe(2);
    expect(viewerSocket.alarms).toEqual([
      { type: 'alarms', alarm_type: 2, mold_id: moldId, change: 'opened' },
      { type: 'alarms', alarm_type: 2, mold_id: moldId, change: 'acknowledged' },
    ]);
    expect(otherSocket.alarms).toEqual([]);
    viewerSocket.socket.close();
    otherSocket.socket.close();
  });
});
