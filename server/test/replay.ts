import { bindDevice, createMold, registerDevice } from './factories.js';
import type { TestApp } from './test-app.js';

/** Test support for replaying readings in other orders (the late-readings tests). */

/** The items in consecutive batches of `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

/** A repeatable shuffle (a linear congruential generator seeded with `seed`). */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let index = copy.length - 1; index > 0; index -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const other = state % (index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/**
 * A mould granted to the users, with base idle 120 s, base stop 600 s and 380 V (the state tests'
 * thresholds), and a device bound to it by `token`'s user.
 */
export async function mouldForStateTests(app: TestApp, token: string, grantedTo: readonly number[]) {
  const moldId = await createMold(app.context.db, app.orgId, [...grantedTo]);
  await app.context.db
    .updateTable('molds')
    .set({ info: JSON.stringify({ basic_time: 120, basic_stop_time: 600, voltage: 380 }) })
    .where('id', '=', moldId)
    .execute();
  const device = await registerDevice(app, token);
  await bindDevice(app, token, device.id, moldId);
  return { moldId, device };
}
