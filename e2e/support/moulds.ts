import type { Page } from 'playwright-core';

async function call<T>(url: string, init: RequestInit & { token?: string; device?: string }): Promise<T> {
  const { token, device, ...rest } = init;
  const authorization = token ? `JWT ${token}` : device ? `Device ${device}` : undefined;
  const response = await fetch(url, {
    ...rest,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
  });
  const body = (await response.json()) as { code: number; data: T; msg: string };
  if (body.code !== 200) throw new Error(`${init.method ?? 'GET'} ${url}: ${body.code} ${body.msg}`);
  return body.data;
}

/** Logs in through the API and answers the token. */
export async function apiLogin(baseUrl: string, username: string, password: string): Promise<string> {
  const data = await call<{ access: string }>(`${baseUrl}/api/login/en_US`, {
    method: 'POST',
    body: JSON.stringify({ username, password: Buffer.from(password).toString('base64') }),
  });
  return data.access;
}

export interface TestDevice {
  deviceNo: string;
  /** Posts readings as the device does over HTTP. */
  send(messages: Array<Record<string, unknown>>): Promise<void>;
}

/** Registers a new device as the given administrator and binds it to the mould (its earlier device is unbound). */
export async function connectDevice(baseUrl: string, adminToken: string, moldId: number): Promise<TestDevice> {
  const deviceNo = `E2E-${Date.now().toString(36)}`;
  const device = await call<{ id: number; token: string }>(`${baseUrl}/api/yudata/device/`, {
    method: 'POST',
    token: adminToken,
    body: JSON.stringify({ device_no: deviceNo }),
  });
  await call(`${baseUrl}/api/yudata/device/${device.id}/`, {
    method: 'PUT',
    token: adminToken,
    body: JSON.stringify({ mold_id: moldId }),
  });
  return {
    deviceNo,
    send: async (messages) => {
      await call(`${baseUrl}/api/device/telemetry/`, {
        method: 'POST',
        device: device.token,
        body: JSON.stringify(messages),
      });
    },
  };
}

/**
 * Makes the mould the home screen's selection, as choosing it there does (the session keeps it in
 * localStorage), and opens `path`.
 */
export async function openWithSelectedMould(
  page: Page,
  url: string,
  mould: { id: number; name: string; mold_number: string },
): Promise<void> {
  await page.evaluate((selected) => {
    localStorage.setItem('homeSelectMoldId', String(selected.id));
    localStorage.setItem('homeSelectMold', JSON.stringify(selected));
  }, mould);
  await page.goto(url);
}
