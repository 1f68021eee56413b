import { defineConfig } from 'vitest/config';

import { fileURLToPath } from 'node:url';

/** Tests run the shared package from its TypeScript sources, as the web build does (subpath first). */
const sharedSource = (file: string) => fileURLToPath(new URL(`./shared/src/${file}`, import.meta.url));
const resolve = {
  alias: [
    { find: '@mouldwatch/shared/live-client', replacement: sharedSource('live/client-messages.ts') },
    { find: '@mouldwatch/shared', replacement: sharedSource('index.ts') },
  ],
};

export default defineConfig({
  resolve,
  test: {
    projects: [
      { extends: true, test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'simulator', include: ['simulator/src/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './web/vite.config.ts',
        resolve,
        test: { name: 'web', root: './web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A browser on a loaded CI machine: what a click changes may take seconds to show.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
