import { applyMiddleware, combineReducers, compose, legacy_createStore as createStore } from 'redux';
import shop from '../features/shop/shopSlice.js';
import loading from '../features/ui/loadingSlice.js';
import toast from '../features/ui/toastSlice.js';
import contact from '../features/ui/contactSlice.js';
import user from '../features/account/userSlice.js';
import favorite from '../features/favorites/favoriteSlice.js';
import cart from '../features/cart/cartSlice.js';
import checkout from '../features/checkout/checkoutSlice.js';
import { shoppingListeners } from '../features/cart/listeners.js';
import search from '../features/search/searchSlice.js';
import { thunkMiddleware } from '../common/events.js';

export const PERSIST_KEY = 'root';
export const PERSIST_TIMEOUT_MS = 5000;
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
  // Redux DevTools in a development browser that has the extension; plain compose elsewhere.
  const devTools = import.meta.env?.DEV && globalThis.window?.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
  // Side effects of events (sign-in loads the cart and the hearts) run after the thunks' own.
  const enhancer = (devTools || compose)(applyMiddleware(thunkMiddleware({ api }), shoppingListeners));
  return createStore(wrapReducer(rootReducer), preloadedState, enhancer);
}

/** The state a server render hands to the browser: no per-browser data. */
export function publicState(state) {
  const { shop, search } = state;
  return { shop: { ...shop, loading: false }, search };
}
