// After hydration (entry-client.jsx): the shopper's saved state (redux-persist) restored, then the
// session confirmed with the BFF. One chunk loaded once the page is interactive, with redux-persist,
// not in the first load (issue 27): nothing here is needed for the first paint.
import { persistReducer, persistStore } from 'redux-persist';
import storage from 'redux-persist/es/storage';
import { PERSIST_KEY, PERSIST_TIMEOUT_MS, PERSISTED_KEYS, rootReducer } from './store.js';
import { sessionChecked } from '../features/account/session.js';
import { loginPathFor, loginUrl } from '../features/account/redirect.js';
import { toastShown } from '../features/ui/toastSlice.js';

/**
 * Restore the saved state into `store` (its reducer becomes the persisting one), then check the
 * session: a stale one is cleared and the shopper sent to sign in again (`here` is the page to
 * come back to); a member's screen is refetched with their prices. `done` runs last, whatever
 * happened. Returns the persistor.
 */
export function restoreSavedState({ store, router, t, here, done }) {
  const config = { key: PERSIST_KEY, storage, timeout: PERSIST_TIMEOUT_MS, whitelist: PERSISTED_KEYS };
  store.replaceReducer(persistReducer(config, rootReducer));
  const afterRestore = async () => {
    const { isLoggedIn, stale } = await store.dispatch(sessionChecked());
    if (stale) {
      store.dispatch(toastShown('info', t('auth.sessionExpired')));
      await router.navigate(loginUrl(here(), loginPathFor(window.location.pathname)), { replace: true });
    } else if (isLoggedIn) {
      await router.revalidate();
    }
    // A marker for browser tests: the session is known and the screen priced for it.
    document.documentElement.dataset.session = isLoggedIn ? 'member' : 'guest';
  };
  return persistStore(store, null, () => {
    afterRestore()
      .catch((error) => console.error('session check', error))
      .finally(done);
  });
}
