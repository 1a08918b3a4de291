import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugins/precompress.ts';

export const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias },
  server: {
    port: 5173,
    // The API (apps/api, or the launcher) listens on 3000 in development; going through the
    // dev server keeps requests same-origin, exactly as in production where the API serves dist.
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunk each route file became (bench/browser.ts lists them).
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships /*#__PURE__*/ comments in places Rollup cannot use; harmless, and noise
        // that would hide a real warning.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
  },
});
