import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// WeChat's in-app browser is an older Chromium (X5/XWeb) on Android and the
// system WebKit on iOS: keep the client output within ES2019 syntax.
export const BUILD_TARGET = ['es2019', 'chrome79', 'safari13'];

export default defineConfig({
  plugins: [react()], // CSS: Tailwind 3 through postcss.config.js
  build: {
    target: BUILD_TARGET,
    cssTarget: ['chrome79', 'safari13'],
    // .vite/manifest.json: which chunks a lazy route's module needs, for the SSR's modulepreload.
    manifest: true,
  },
  ssr: {
    // Bundle these into the server build: redux-persist ships CJS with ES entry points.
    noExternal: ['redux-persist'],
  },
  test: {
    name: 'frontend',
    environment: 'node',
    include: ['src/**/*.test.{js,jsx}', 'scripts/**/*.test.js'],
  },
});
