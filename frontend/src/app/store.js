import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import shop from '../features/shop/shopSlice.js';
import loading from '../features/ui/loadingSlice.js';
import toast from '../features/ui/toastSlice.js';
import contact from '../features/ui/contactSlice.js';
import user from '../features/account/userSlice.js';
import favorite from '../features/favorites/favoriteSlice.js';
import cart from '../features/cart/cartSlice.js';
import checkout from '../features/checkout/checkoutSlice.js';
import { startShoppingListeners } from '../features/cart/listeners.js';
import search from '../features/search/searchSlice.js';

export const PERSIST_KEY = 'root';
export const PERSIST_TIMEOUT_MS = 5000;
// The development-only state checks walk the whole catalogue page in the store; on a busy laptop
// that passes their 32 ms default and floods `make dev`'s console with timing notes, not faults.
const DEV_CHECK_WARN_MS = 250;
// Shop settings come fresh from the server for the host being served, and a
// persisted loading count or toast would be stale; the rest is the shopper's own.
export const PERSISTED_KEYS = ['user', 'cart', 'favorite', 'search', 'contact'];

export const rootReducer = combineReducers({ shop, loading, toast, contact, user, favorite, cart, search, checkout });

/**
 * The one store factory for both entries. `api` is this render's (or this
 * browser's) axios instance, handed to thunks as their extra argument.
 * `wrapReducer` lets the browser entry add redux-persist without the server knowing.
 */
export function createAppStore({ preloadedState, api, wrapReducer = (r) => r } = {}) {
  // Side effects of events (sign-in loads the cart and the hearts), one listener per store.
  const listener = createListenerMiddleware({ extra: { api } });
  startShoppingListeners(listener.startListening);
  return configureStore({
    reducer: wrapReducer(rootReducer),
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: { api } },
        // redux-persist dispatches functions in its actions
        serializableCheck: {
          ignoredActions: ['persist/PERSIST', 'persist/REHYDRATE', 'persist/REGISTER'],
          warnAfter: DEV_CHECK_WARN_MS,
        },
        immutableCheck: { warnAfter: DEV_CHECK_WARN_MS },
      }).prepend(listener.middleware),
  });
}

/** The state a server render hands to the browser: no per-browser data. */
export function publicState(state) {
  const { shop, search } = state;
  return { shop: { ...shop, loading: false }, search };
}
