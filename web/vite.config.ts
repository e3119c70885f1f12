import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { chunkGroupsPlugin } from './vite/chunk-groups.ts';
import { importerStylesheetsPlugin } from './vite/importer-stylesheets.ts';
import { reactRouterProductionPlugin } from './vite/react-router-production.ts';

const appDirectory = fileURLToPath(new URL('./app', import.meta.url));

export default defineConfig({
  plugins: [reactRouter(), chunkGroupsPlugin(appDirectory), importerStylesheetsPlugin(), reactRouterProductionPlugin()],
  server: { host: '127.0.0.1', port: 3000 },
});
