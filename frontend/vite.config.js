import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// WeChat's in-app browser is an older Chromium (X5/XWeb) on Android and the
// system WebKit on iOS: keep the client output within ES2019 syntax.
export const BUILD_TARGET = ['es2019', 'chrome79', 'safari13'];

// The browser build's first load as one chunk: every module the entry imports statically (rolldown's
// '$initial' tag) goes into one file, not a dozen small shared chunks (the cart's slice, the money
// rules, the API client...) that each gzip on their own: 2.8 KB less per page (issue 27). With it
// the few modules every shopper route (home, listing, product) imports: the price, the add-to-cart
// and heart hooks, the notices.
const SHOPPER_ROUTES_SHARE =
  /src[\\/]features[\\/](shop[\\/]Price|cart[\\/]useShopping|ui[\\/]useNotify|catalog[\\/]pictures)\.jsx?$/;
const FIRST_LOAD_IN_ONE = {
  codeSplitting: {
    groups: [
      { name: 'index', tags: ['$initial'] },
      { name: 'shopper', test: SHOPPER_ROUTES_SHARE },
    ],
  },
};

// The chunks every page loads before any lazy one: the entry and rolldown's runtime.
const ALWAYS_LOADED = /(^|\/)(index|rolldown-runtime)-[\w-]+\.js$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()], // CSS: Tailwind 3 through postcss.config.js
  build: {
    target: BUILD_TARGET,
    cssTarget: ['chrome79', 'safari13'],
    // .vite/manifest.json: which chunks a lazy route's module needs, for the SSR's modulepreload.
    manifest: true,
    // A lazy chunk's preload list (Vite's __vitePreload) leaves out the chunk itself, which its
    // import() fetches at the same moment, and the entry and the bundler's runtime, which every page
    // has loaded already: the list's hashed names were 0.4 KB of every first load (issue 27).
    modulePreload: {
      resolveDependencies: (file, deps) => deps.filter((dep) => dep !== file && !ALWAYS_LOADED.test(dep)),
    },
    rolldownOptions: { output: isSsrBuild ? {} : FIRST_LOAD_IN_ONE },
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
}));
