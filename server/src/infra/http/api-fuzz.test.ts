import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { fuzzCases, type FuzzCase, type OpenApiDocument } from '../../../test/api-fuzz.js';
import { codeForStatus } from '../../../test/envelope.js';
import { mouldWithDevice, registerDevice, telemetryMessage, userIdOf } from '../../../test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let admin: string;
let moldId: number;
let deviceId: number;
/** A device no fuzzed route deletes or rotates: it authenticates the telemetry route. */
let ingestToken: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login(ADMIN);
  const bound = await mouldWithDevice(app, admin, [await userIdOf(app.context.db, ADMIN.username)]);
  await bound.send([telemetryMessage(1), telemetryMessage(2)]);
  moldId = bound.moldId;
  deviceId = bound.device.id;
  ingestToken = (await registerDevice(app, admin)).token;
});
afterAll(async () => {
  await app?.close();
});

/** An id that exists for each path parameter: the device's on device paths, else the mould's. */
const pathSample = (path: string, name: string) =>
  name === 'token'
    ? 'x'
    : path.includes('/device/')
      ? deviceId
      : name === 'id' || name === 'moldId'
        ? moldId
        : undefined;

function send(fuzz: FuzzCase): Promise<LightMyRequestResponse> {
  const authorization = fuzz.url.startsWith('/api/device/') ? `Device ${ingestToken}` : `JWT ${admin}`;
  const raw = fuzz.contentType !== undefined;
  return app.request({
    method: fuzz.method as 'GET',
    url: fuzz.url,
    headers: {
      authorization,
      ...(fuzz.payload !== undefined ? { 'content-type': fuzz.contentType ?? 'application/json' } : {}),
    },
    ...(fuzz.payload !== undefined ? { payload: raw ? (fuzz.payload as string) : JSON.stringify(fuzz.payload) } : {}),
  });
}

/** What is wrong with an answer, or undefined: no 5xx, and an error is always the envelope with its status's code. */
function faultOf(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `${response.statusCode}`;
  const isJson = /^application\/json/.test(String(response.headers['content-type']));
  // A successful export is a spreadsheet; everything else is the envelope.
  if (!isJson) return response.statusCode === 200 ? undefined : `${response.statusCode} not JSON`;
  const body = response.json() as { code?: unknown; msg?: unknown };
  if (typeof body.msg !== 'string') return `${response.statusCode} without msg`;
  if (body.code !== codeForStatus(response.statusCode)) return `${response.statusCode} with code ${String(body.code)}`;
  return undefined;
}

describe('every route of the OpenAPI document, fed bad input as an administrator', () => {
  it('answers no 5xx, and every answer in the envelope with its status’s code', { timeout: 120_000 }, async () => {
    const document = (await app.request({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
    const cases = fuzzCases(document, pathSample);
    const operations = Object.values(document.paths).reduce((count, methods) => count + Object.keys(methods).length, 0);
    expect(operations).toBeGreaterThan(40);

    const faults: string[] = [];
    for (const fuzz of cases) {
      let response = await send(fuzz);
      // Logging out (or a password change) ends the session: sign in again and send the case again.
      if (response.statusCode === 401 && !fuzz.url.startsWith('/api/device/') && !fuzz.url.startsWith('/api/login/')) {
        admin = await app.login(ADMIN);
        response = await send(fuzz);
      }
      const fault = faultOf(response);
      if (fault) faults.push(`${fuzz.label} → ${fault}: ${response.body.slice(0, 200)}`);
    }
    expect(faults).toEqual([]);
    expect(cases.length).toBeGreaterThan(1000);
  });
});
