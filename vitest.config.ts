import { defineConfig } from 'vitest/config';
import { BaseSequencer, type ProjectConfig, type TestSpecification } from 'vitest/node';

import { fileURLToPath } from 'node:url';

/** Tests run the shared package from its TypeScript sources, as the web build does (subpath first). */
const sharedSource = (file: string) => fileURLToPath(new URL(`./shared/src/${file}`, import.meta.url));
const resolve = {
  alias: [
    { find: '@mouldwatch/shared/live-client', replacement: sharedSource('live/client-messages.ts') },
    { find: '@mouldwatch/shared', replacement: sharedSource('index.ts') },
  ],
};

/**
 * Vitest 4 reports its own worker-channel race as an unhandled error and fails a run whose tests all
 * passed: a console line or a module load still pending as a test file's worker closes
 * (vitest-dev/vitest#11153, #9458). It says nothing about our code, so it is printed, not counted;
 * every other unhandled error still fails the run.
 */
function isVitestTeardownRace(error: { name?: string; message?: string }): boolean {
  return (
    error.name === 'EnvironmentTeardownError' &&
    /Closing rpc while|after the environment was torn down/.test(error.message ?? '')
  );
}

/**
 * The tests of whole processes and instances (server/test: the soak, the outages, the scale-out, a
 * start and a stop) mostly wait on them: started first, they run beside the other files instead of
 * after them. On a clean clone vitest orders a project's files by size, and the soak, the smallest,
 * started last and ran 288 s alone at the end.
 */
class WaitingFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = (file: TestSpecification) => file.moduleId.includes('/server/test/');
    return [...sorted.filter(waits), ...sorted.filter((file) => !waits(file))];
  }
}

/** The browser tests' settings (the journeys and the budgets). */
const browserTests: ProjectConfig = {
  environment: 'node',
  globalSetup: ['e2e/support/demo-data-dir.ts'],
  setupFiles: ['e2e/support/on-failure.ts'],
  // A test is a whole user journey (log in, a dozen screens): at a load of 10 on CI's two cores one
  // took over 60 s while every step waited its normal time.
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // A browser on a loaded CI machine: what a click changes may take seconds to show.
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  resolve,
  test: {
    sequence: { sequencer: WaitingFilesFirst },
    onUnhandledError(error) {
      if (!isVitestTeardownRace(error)) return;
      console.warn(`not counted, vitest's teardown race: ${error.message}`);
      return false;
    },
    projects: [
      { extends: true, test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'simulator',
          include: ['simulator/src/**/*.test.ts'],
          environment: 'node',
          // Its integration tests start the real server, as the server's tests do (same limits).
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          environment: 'node',
          // A worker runs one file after another with the modules it has loaded (the server, the
          // embedded database's WebAssembly): loading them again for every file was half the pass's
          // CPU. Each file still opens its own database and server (docs/decisions.md).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './web/vite.config.ts',
        resolve,
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // A first render loads antd's parts: seconds under jsdom on a busy machine.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/*.test.ts'],
          ...browserTests,
          // As in the server project: a worker keeps the modules it loaded (the server, the embedded
          // database) from file to file; each file still starts its own server and browser. A
          // subset of 9 files ran in 293 s instead of 324 s, its workers using 141 CPU s instead of 176.
          isolate: false,
          sequence: { groupOrder: 1 },
          // Three files side by side (each its own server, data directory and browser): a journey
          // waits on its screens more than it computes; two used 0.9 of CI's two cores
          // (docs/decisions.md, "CI's stages side by side").
          maxWorkers: 3,
        },
      },
      {
        // The browser budgets (10,000 moulds on home, the map and the users' tree: no task over 50 ms
        // of CPU), one file at a time once the other browser tests are done: a budget is the page's
        // on a user's machine, not on one shared with three browsers and their servers (the map's
        // pans, 31-36 ms of CPU alone, measured 56 and 60 ms there; docs/decisions.md).
        extends: true,
        test: {
          name: 'e2e-budgets',
          include: ['e2e/budgets/*.test.ts'],
          ...browserTests,
          sequence: { groupOrder: 2 },
          maxWorkers: 1,
        },
      },
    ],
  },
});
