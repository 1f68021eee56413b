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
    rolldownOptions: {
      // antd's rc-component packages have no import-time side effects but do not declare
      // `sideEffects: false`, so whatever their index files list would stay in the bundle
      // (antd's form context alone pulled in the whole form engine).
      treeshake: { moduleSideEffects: [{ test: /node_modules\/@rc-component\//, sideEffects: false }] },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/ws': { target: 'ws://127.0.0.1:8080', ws: true } } },
});
