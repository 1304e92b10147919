import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './styles.css';
import { browserToken, lazyApiClient, storeBrowserToken } from './api/client.js';
import { createAppStore } from './app/store.js';
import { createRoutes } from './app/routes.jsx';
import Hydrated from './app/Hydrated.jsx';
import { loadFirstTexts } from './app/textLoader.js';
import { requestFinished, requestStarted } from './features/ui/loadingSlice.js';
import { toastShown } from './features/ui/toastSlice.js';
import { LANGUAGES, languageOf, translator } from './i18n/index.js';
import { sessionEnded } from './features/account/session.js';
import { loginPathFor, loginUrl } from './features/account/redirect.js';

const SESSION_EXPIRED_REDIRECT_MS = 1000;
const t = (key) => translator(languageOf(store.getState().shop.info))(key);
const here = () => window.location.pathname + window.location.search + window.location.hash;

let store;
// Axios arrives with the first call (after hydration: the session check), not in the first load.
const api = lazyApiClient({
  siteHost: window.location.hostname,
  getToken: browserToken,
  setToken: storeBrowserToken,
  onSessionExpired,
  onServerFailure,
  onRequest: () => store.dispatch(requestStarted()),
  onResponse: () => store.dispatch(requestFinished()),
});
store = createAppStore({ preloadedState: window.__PRELOADED_STATE__, api });
let persistor = null;

/**
 * The shopper's saved state (redux-persist), once React has hydrated the server HTML, so the first
 * client render is exactly what the server rendered (no hydration mismatch), then the session
 * check (app/restore.js, a chunk of its own with redux-persist: not in the first load).
 */
async function restoreSavedState() {
  const { restoreSavedState: restore } = await import('./app/restore.js');
  persistor = restore({ store, router, t, here, done: pricesKnown });
}

const routes = createRoutes({ api, store });

/**
 * The page's own lazy routes, loaded before the router starts: the server rendered them, so the
 * first client render must have them too (react-router's SSR pattern), or hydration would fail.
 */
async function loadLazyMatches() {
  const lazyMatches = (matchRoutes(routes, window.location) || []).filter((m) => m.route.lazy);
  await Promise.all(
    lazyMatches.map(async (m) => {
      const loaded = await m.route.lazy();
      Object.assign(m.route, { ...loaded, lazy: undefined });
    }),
  );
}

let router;

/**
 * A 401 (SPEC sections 4 and 8): say so, drop the token, and after a second
 * clear user and cart and reload on the login page (the admin one on admin
 * paths), which brings the shopper back here after signing in.
 */
let expiring = false;
function onSessionExpired() {
  if (expiring) return;
  expiring = true;
  store.dispatch(toastShown('error', t('auth.sessionExpired')));
  storeBrowserToken(null);
  // Mid-navigation (a loader's call failed) the shopper was headed elsewhere: return there.
  const next = router.state.navigation.location;
  const from = next ? next.pathname + next.search + next.hash : here();
  const target = loginUrl(from, loginPathFor(next ? next.pathname : window.location.pathname));
  setTimeout(() => {
    store.dispatch(sessionEnded());
    (persistor ? persistor.flush() : Promise.resolve()).finally(() => window.location.assign(target));
  }, SESSION_EXPIRED_REDIRECT_MS);
}

/** HTTP 5xx or no answer (SPEC section 8): 'Failed to connect to server', in the shop's language. */
function onServerFailure() {
  const message = t('auth.serverError');
  store.dispatch(toastShown('error', message));
  return message;
}

/** The prices on screen are this shopper's now (or will not be): show them (index.html hid them). */
function pricesKnown() {
  delete document.documentElement.dataset.pricing;
}

function afterHydration() {
  restoreSavedState().catch((error) => {
    console.error('restoring saved state', error);
    pricesKnown();
  });
  // A marker for browser tests and monitoring: the server HTML is now interactive.
  document.documentElement.dataset.hydrated = 'true';
}

// The shop's language's texts (the SSR preloaded them) and the page's lazy routes, then hydration.
// No shop (an unknown host): its page says so in both languages.
const shopInfo = store.getState().shop.info;
const languages = shopInfo ? [languageOf(shopInfo)] : LANGUAGES;
Promise.all([...languages.map(loadFirstTexts), loadLazyMatches()]).then(() => {
  router = createBrowserRouter(routes);
  // In a transition, hydration yields to the browser every few milliseconds (a transition's lane
  // is rendered in slices; the default lane's is one task): a listing's hydration was a task of
  // ~100 ms on this machine, ~400 ms on Lighthouse's slowed phone CPU, all of it Total Blocking
  // Time. A tap before it is done makes React finish hydrating at once and then handle the tap.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root'),
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={router} />
          <Hydrated onHydrated={afterHydration} />
        </Provider>
      </StrictMode>,
      {
        onRecoverableError(error) {
          console.error('hydration', error);
        },
      },
    );
  });
});
