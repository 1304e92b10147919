import { StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { persistReducer, persistStore } from 'redux-persist';
import storage from 'redux-persist/es/storage';
import './styles.css';
import { browserToken, createApiClient } from './api/client.js';
import { createAppStore, PERSIST_KEY, PERSIST_TIMEOUT_MS, PERSISTED_KEYS } from './app/store.js';
import { createRoutes } from './app/routes.jsx';
import { requestFinished, requestStarted } from './features/ui/loadingSlice.js';

let store;
const api = createApiClient({
  siteHost: window.location.hostname,
  getToken: browserToken,
  onRequest: () => store.dispatch(requestStarted()),
  onResponse: () => store.dispatch(requestFinished()),
});
const persistConfig = { key: PERSIST_KEY, storage, timeout: PERSIST_TIMEOUT_MS, whitelist: PERSISTED_KEYS };
store = createAppStore({
  preloadedState: window.__PRELOADED_STATE__,
  api,
  wrapReducer: (reducer) => persistReducer(persistConfig, reducer),
});
// Rehydration waits until React has hydrated the server HTML, so the first
// client render is exactly what the server rendered (no hydration mismatch).
const persistor = persistStore(store, { manualPersist: true });

const router = createBrowserRouter(createRoutes({ api, store }));

function AfterHydration() {
  useEffect(() => {
    persistor.persist();
    // A marker for browser tests and monitoring: the server HTML is now interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

hydrateRoot(
  document.getElementById('root'),
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
      <AfterHydration />
    </Provider>
  </StrictMode>,
  {
    onRecoverableError(error) {
      console.error('hydration', error);
    },
  },
);
