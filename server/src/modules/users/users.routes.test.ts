import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../../../test/test-app.js';
import { UsersService } from './users.service.js';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = await app.login(ADMIN);
});
afterAll(async () => {
  await app?.close();
});

const get = (lang = 'en') => app.request({ method: 'GET', url: `/api/yudata/user/user_info/?lang=${lang}`, token });
const put = (payload: object, lang = 'en') =>
  app.request({ method: 'PUT', url: `/api/yudata/user/user_info/?lang=${lang}`, token, payload });

describe('user info', () => {
  it("answers the signed-in user's profile with its defaults", async () => {
    const body = (await get()).json();
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      username: ADMIN.username,
      name: ADMIN.name,
      email: ADMIN.email,
      role: 'Administrator',
      subscribe: 1,
      frequency: 3,
      unit: 'C',
      jkType: 'J',
    });
    expect(body.data).not.toHaveProperty('password_hash');
  });

  it('saves profile fields and preferences, ignoring username, role, roleId, avatar and gender', async () => {
    const response = await put({
      username: 'hijack',
      name: 'Maria da Silva',
      email: 'maria@example.com',
      mobile: '+55-11-5555',
      subscribe: 0,
      frequency: 10,
      frequencyPeriod: 'weekly',
      timeZone: 'Asia/Kolkata',
      utcOffset: 5.5,
      unit: 'F',
      jkType: 'K',
      language: 'pt',
      roleId: 999,
      role: 'God',
      avatar: 'x.png',
      gender: 'female',
    });
    expect(response.json()).toMatchObject({ code: 200, key: '20282', msg: 'Personal information saved' });
    const saved = (await get()).json().data;
    expect(saved).toMatchObject({
      username: ADMIN.username,
      name: 'Maria da Silva',
      mobile: '+55-11-5555',
      subscribe: 0,
      frequency: 10,
      frequencyPeriod: 'weekly',
      timeZone: 'Asia/Kolkata',
      utcOffset: 5.5,
      unit: 'F',
      jkType: 'K',
      language: 'por',
      role: 'Administrator',
      avatar: '',
      gender: 'unknown',
    });
  });

  it('refuses bad values with the field named, in the requested language, and changes nothing', async () => {
    const cases: Array<[object, string]> = [
      [{ email: 'not-an-email' }, 'email: Enter a valid e-mail address'],
      [{ mobile: '12ab' }, 'mobile: Use digits, + and - only'],
      [{ name: 'Bad<script>' }, 'name: Must not contain special characters'],
      [{ frequency: 7 }, 'frequency: Choose 3, 5 or 10'],
      [{ unit: 'K' }, 'unit'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone: Mars/Olympus'],
      [{ language: 'fr' }, 'language: fr'],
    ];
    for (const [payload, message] of cases) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().msg).toContain(message);
    }
    expect((await put({ email: 'bad' }, 'kor')).json().msg).toBe('입력 오류: email: 올바른 이메일 주소를 입력하세요');
    expect((await get()).json().data.email).toBe('maria@example.com');
  });

  it('saves the profile and the alert channels together or not at all', async () => {
    const before = (await get()).json().data;
    const failingChannels = {
      channelsOf: () => app.services.alerts.channelsOf(before.id),
      saveChannels: () => Promise.reject(new Error('channels could not be saved')),
    };
    const service = new UsersService(app.context, failingChannels);
    await expect(
      service.updateUserInfo(before.id, { name: 'Half Saved', alertChannels: { email: [1], sms: [] } }),
    ).rejects.toThrow('channels could not be saved');
    expect((await get()).json().data.name).toBe(before.name);
  });
});
