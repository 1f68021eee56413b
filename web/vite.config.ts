import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    conditions: ['source', 'module', 'browser', 'development|production'],
    // ConfigProvider's import of the tooltips' UniqueProvider (about 8 KB gzip), loaded when drawn
    // instead (see the module). Only ConfigProvider imports it by this path; Tooltip keeps its own.
    alias: [
      {
        find: /^\.\.\/tooltip\/UniqueProvider$/,
        replacement: fileURLToPath(new URL('./src/lib/lazyUniqueTooltips.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    // A lazily loaded screen fetches its JavaScript through its own imports, not from a list of
    // every file it needs kept in the chunk that loads it: those lists, one per screen, cost the
    // first visit about 2 KB gzip in the entry alone. Style sheets are still fetched ahead, and the
    // page itself still preloads everything the entry imports.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      // antd's rc-component packages have no import-time side effects but do not declare
      // `sideEffects: false`, so whatever their index files list would stay in the bundle
      // (antd's form context alone pulled in the whole form engine).
      treeshake: { moduleSideEffects: [{ test: /node_modules\/@rc-component\//, sideEffects: false }] },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/ws': { target: 'ws://127.0.0.1:8080', ws: true } } },
});
