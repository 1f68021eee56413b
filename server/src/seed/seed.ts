import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema.js';
import { inTransaction } from '../infra/db/transaction.js';
import { seedDemoMoulds, type DemoDevice } from './demo-moulds.js';
import { hasAnyUser, seedOrganization } from './organization.js';

export const DEMO_LOGINS = [
  { username: 'admin', password: 'admin123', role: 'all menus' },
  { username: 'viewer', password: 'viewer123', role: 'viewer: map, home, alarms, reports, read only' },
] as const;

export type SeedOutcome =
  { kind: 'none' } | { kind: 'demo' } | { kind: 'first-admin'; username: string; password: string };

/** A random password that meets the password rule (letters and digits, both present). */
function generatedPassword(): string {
  const letters = randomBytes(12)
    .toString('base64')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 8)
    .padEnd(8, 'x');
  const digits = String(randomBytes(4).readUInt32BE() % 10_000).padStart(4, '0');
  return `${letters}${digits}`;
}

/** Where the demo keeps its devices' tokens for the simulator (`npm start` runs it). */
export const DEMO_DEVICES_FILE = 'demo-devices.json';

/** Written aside and renamed into place: the simulator never reads half a file. */
async function writeDemoDevices(dataDir: string, devices: DemoDevice[]): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_DEVICES_FILE);
  const written = `${file}.${process.pid}.tmp`;
  await writeFile(written, JSON.stringify(devices, null, 2), { mode: 0o600 });
  await rename(written, file);
}

/**
 * On an empty database: the demo organisation, its logins and moulds in demo mode, otherwise one
 * administrator with a generated password that the start-up prints once. One transaction: a seed
 * cut short by `signal` (a stop while the demo's history is written) or a crash leaves the database
 * empty, and the next start seeds it again. The demo's device file is written before the commit, so
 * a seeded demo always has it.
 */
export async function seedEmptyDatabase(
  db: Kysely<Database>,
  demo: boolean,
  dataDir: string,
  signal?: AbortSignal,
): Promise<SeedOutcome> {
  if (await hasAnyUser(db)) return demo ? { kind: 'demo' } : { kind: 'none' };
  return inTransaction(db, (trx) => (demo ? seedDemo(trx, dataDir, signal) : seedFirstAdmin(trx)));
}

async function seedDemo(db: Kysely<Database>, dataDir: string, signal: AbortSignal | undefined): Promise<SeedOutcome> {
  const [admin, viewer] = DEMO_LOGINS;
  const { orgId } = await seedOrganization(
    db,
    'Demo Plastics',
    {
      username: admin.username,
      password: admin.password,
      name: 'Demo Administrator',
      email: 'admin@demo.mouldwatch.local',
    },
    {
      username: viewer.username,
      password: viewer.password,
      name: 'Demo Viewer',
      email: 'viewer@demo.mouldwatch.local',
    },
  );
  await writeDemoDevices(dataDir, await seedDemoMoulds(db, orgId, { signal }));
  return { kind: 'demo' };
}

async function seedFirstAdmin(db: Kysely<Database>): Promise<SeedOutcome> {
  const password = generatedPassword();
  await seedOrganization(db, 'My Factory', { username: 'admin', password, name: 'Administrator', email: '' });
  return { kind: 'first-admin', username: 'admin', password };
}
