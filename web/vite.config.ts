import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { RUNTIME_CONFIG_PATH } from '../shared/config/runtime-config';
import { API_BASE_PATH, WEB_BASE_PATH } from '../shared/domain/constants';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** Import aliases (tsconfig.json `paths`): `@/` is web/src, `@shared/` the shared contracts and rules. */
export const WEB_ALIASES = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@shared': fileURLToPath(new URL('../shared', import.meta.url)),
};
const distDir = fileURLToPath(new URL('./dist', import.meta.url));

/** The local runtime (`npm start`) listens here; `vite` alone proxies the API and the runtime config to it. */
const LOCAL_RUNTIME_ORIGIN = 'http://127.0.0.1:8080';

export default defineConfig({
  root: webRoot,
  base: WEB_BASE_PATH,
  plugins: [react()],
  resolve: { alias: WEB_ALIASES },
  build: {
    outDir: distDir,
    emptyOutDir: true,
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      [API_BASE_PATH]: { target: LOCAL_RUNTIME_ORIGIN, ws: true },
      [RUNTIME_CONFIG_PATH]: { target: LOCAL_RUNTIME_ORIGIN },
    },
  },
  preview: {
    host: '127.0.0.1',
  },
});
