import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** Retries the check until it passes or `timeoutMs` is over (then throws its last failure). */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 20_000, pauseMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(pauseMs);
    }
  }
}

/** A client of the PostgreSQL at `url` for `use`, ended after it. */
export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
