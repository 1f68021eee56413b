import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@mouldwatch/shared';
import { createMold, userIdOf } from '../../../test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../../test/test-app.js';
import { escapeCell } from './spreadsheet.js';

let app: TestApp;
let admin: string;
let moldId: number;
/** 2026-03-10 00:00 UTC, 05:30 in Kolkata. */
const DAY = Date.UTC(2026, 2, 10) / 1000;

beforeAll(async () => {
  app = await startTestApp({}, undefined, { jobs: { rollups: { intervalMs: 3_600_000 } } });
  admin = await app.login(ADMIN);
  moldId = await createMold(app.context.db, app.orgId, [await userIdOf(app.context.db, ADMIN.username)]);
  const info = { mold_temp_setting: [{ name: '=1+2*3', set: 60, alert: 5 }] };
  await app.context.db
    .updateTable('molds')
    .set({ mold_number: 'M-77', info: JSON.stringify(info) })
    .where('id', '=', moldId)
    .execute();
  await app.context.db
    .insertInto('mold_rollups')
    .values([
      {
        mold_id: moldId,
        bucket: new Date(DAY * 1000),
        mt1_sum: 1000,
        mt1_n: 10,
        mt2_sum: 300,
        mt2_n: 10,
        run_s: 450,
        stop_s: 450,
      },
      { mold_id: moldId, bucket: new Date((DAY + 3600) * 1000), mt1_sum: 1500, mt1_n: 10, run_s: 900 },
    ])
    .execute();
});
afterAll(async () => {
  await app?.close();
});

async function download(path: string, query: string, headers: Record<string, string> = {}) {
  return app.request({
    method: 'GET',
    url: `/api/yudata/mold/export/${path}/${moldId}/?${query}`,
    headers,
    token: admin,
  });
}

async function rowsOf(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('GET /api/yudata/mold/export/:kind/:moldId/', () => {
  const window = `start=${DAY}&end=${DAY + 2 * 3600}`;

  it("writes the history view's points in the reader's unit, zone and language, names escaped", async () => {
    const response = await download('moldTemperature', `range=hour&${window}&unit=F&lang=por`, {
      'time-zone': 'Asia/Kolkata',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('M-77-moldTemperature-hour.xlsx');
    const rows = await rowsOf(response.rawPayload);
    expect(rows).toEqual([
      ['Hora', "'=1+2*3 (°F)", 'Temperatura do molde 2 (°F)'],
      // 00:00 UTC is 05:30 in Kolkata: it falls in the local hour from 05:00.
      ['2026-03-10 05:00', 212, 86],
      ['2026-03-10 06:00', 302],
    ]);
  });

  it('exports the time states in percent', async () => {
    const response = await download('moldStatus', `range=day&${window}&lang=en`);
    const rows = await rowsOf(response.rawPayload);
    expect(rows[0]).toEqual(['Time', 'Run (%)', 'Idle (%)', 'Alarm (%)', 'Stop (%)', 'Off (%)']);
    expect(rows[1]).toEqual(['2026-03-10 00:00', 75, 0, 0, 25, 0]);
  });

  it('refuses a mould the caller has no grant for, and bad input', async () => {
    const hidden = await createMold(app.context.db, app.orgId);
    const refused = await app.request({
      method: 'GET',
      url: `/api/yudata/mold/export/energyList/${hidden}/?range=day`,
      token: admin,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ResponseCode.forbidden });
    expect((await download('moldTemperature', 'range=day&unit=K')).statusCode).toBe(400);
    expect((await download('moldTemperature', 'range=realtime')).statusCode).toBe(400);
  });
});

/** LibreOffice, when installed (CI installs it): a spreadsheet program to open the files with. */
const soffice = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((candidate) => {
  try {
    execFileSync(candidate, ['--version'], { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
});

/** The file as LibreOffice Calc reads it, saved again as CSV (UTF-8). */
function openedInCalc(program: string, body: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mw-calc-'));
  try {
    writeFileSync(path.join(dir, 'export.xlsx'), body);
    execFileSync(
      program,
      [
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76',
        '--outdir',
        dir,
        path.join(dir, 'export.xlsx'),
      ],
      { stdio: 'ignore', timeout: 120_000 },
    );
    return readFileSync(path.join(dir, 'export.csv'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!soffice)('an export opened in a spreadsheet program (LibreOffice Calc)', () => {
  it('shows the same headers, local times and converted values', { timeout: 180_000 }, async () => {
    const response = await download('moldTemperature', `range=hour&start=${DAY}&end=${DAY + 7200}&unit=F&lang=kor`, {
      'time-zone': 'Asia/Kolkata',
    });
    expect(response.statusCode).toBe(200);
    const lines = openedInCalc(soffice!, response.rawPayload).trim().split(/\r?\n/);
    expect(lines).toEqual([
      // The name stays text, its escape visible: Calc evaluates nothing.
      "시간,'=1+2*3 (°F),금형 온도 2 (°F)",
      '2026-03-10 05:00,212,86',
      '2026-03-10 06:00,302,',
    ]);
  });
});

describe('escapeCell', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('prefixes %j so it stays text', (text) => {
    expect(escapeCell(text)).toBe(`'${text}`);
  });

  it('leaves numbers, plain text and empty cells alone', () => {
    expect(escapeCell(-5)).toBe(-5);
    expect(escapeCell('Mould 1')).toBe('Mould 1');
    expect(escapeCell(null)).toBe(null);
  });
});
