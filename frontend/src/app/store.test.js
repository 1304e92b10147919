import { describe, expect, it } from 'vitest';
import { createAppStore, PERSIST_KEY, PERSISTED_KEYS, publicState } from './store.js';
import { requestFinished, requestStarted, selectIsLoading } from '../features/ui/loadingSlice.js';
import { selectToasts, toastDismissed, toastShown } from '../features/ui/toastSlice.js';
import { contactBoxClosed, selectContactClosed } from '../features/ui/contactSlice.js';
import { selectIsLoggedIn } from '../features/account/userSlice.js';
import { selectCartCount } from '../features/cart/cartSlice.js';
import { searchTextChanged } from '../features/search/searchSlice.js';
import { shopLoaded } from '../features/shop/shopSlice.js';
import { brandCarouselConfig, nextBrandIndex } from '../features/catalog/brandCarousel.js';

describe('store', () => {
  it('counts pending requests for the loading overlay', () => {
    const store = createAppStore();
    store.dispatch(requestStarted());
    store.dispatch(requestStarted());
    store.dispatch(requestFinished());
    expect(selectIsLoading(store.getState())).toBe(true);
    store.dispatch(requestFinished());
    store.dispatch(requestFinished());
    expect(store.getState().loading.pending).toBe(0);
  });

  it('queues typed toasts and dismisses them by id', () => {
    const store = createAppStore();
    store.dispatch(toastShown('success', 'a'));
    store.dispatch(toastShown('bogus', 'b'));
    expect(selectToasts(store.getState())).toEqual([
      { id: 1, type: 'success', message: 'a' },
      { id: 2, type: 'info', message: 'b' },
    ]);
    store.dispatch(toastDismissed(1));
    expect(selectToasts(store.getState()).map((t) => t.id)).toEqual([2]);
  });

  it('keeps the contact box closed once closed', () => {
    const store = createAppStore();
    expect(selectContactClosed(store.getState())).toBe(false);
    store.dispatch(contactBoxClosed());
    expect(selectContactClosed(store.getState())).toBe(true);
  });

  it('counts a user with a non-empty name as logged in', () => {
    expect(selectIsLoggedIn(createAppStore({ preloadedState: { user: { user: { name: '' } } } }).getState())).toBe(
      false,
    );
    expect(selectIsLoggedIn(createAppStore({ preloadedState: { user: { user: { name: '王' } } } }).getState())).toBe(
      true,
    );
  });

  it('sums cart quantities for the header count', () => {
    const store = createAppStore({ preloadedState: { cart: { items: [{ quantity: 2 }, { quantity: 3 }] } } });
    expect(selectCartCount(store.getState())).toBe(5);
  });

  it('loads the shop with its loading and error flags', async () => {
    const fail = {
      get: async () => {
        throw Object.assign(new Error('down'), { status: 0 });
      },
    };
    const store = createAppStore({ api: fail });
    const pending = store.dispatch(shopLoaded());
    expect(store.getState().shop.loading).toBe(true);
    await pending;
    expect(store.getState().shop).toMatchObject({ loading: false, error: 'down', info: null });
  });

  it('hands the browser only public state', () => {
    const store = createAppStore();
    store.dispatch(searchTextChanged('蜂蜜'));
    store.dispatch(toastShown('info', 'x'));
    expect(Object.keys(publicState(store.getState())).sort()).toEqual(['search', 'shop']);
    expect(publicState(store.getState()).search.text).toBe('蜂蜜');
  });
});

describe('brand carousel', () => {
  it('shows 8/6/4/3 and scrolls 4/3/4/3 by width', () => {
    expect(brandCarouselConfig(1280)).toEqual({ show: 8, scroll: 4 });
    expect(brandCarouselConfig(1023)).toEqual({ show: 6, scroll: 3 });
    expect(brandCarouselConfig(767)).toEqual({ show: 4, scroll: 4 });
    expect(brandCarouselConfig(639)).toEqual({ show: 3, scroll: 3 });
  });
  it('stops at both ends', () => {
    const cfg = { show: 8, scroll: 4 };
    expect(nextBrandIndex(0, -1, 20, cfg)).toBe(0);
    expect(nextBrandIndex(8, 1, 20, cfg)).toBe(12);
    expect(nextBrandIndex(12, 1, 20, cfg)).toBe(12);
    expect(nextBrandIndex(0, 1, 5, cfg)).toBe(0);
  });
});

describe('persisted search text', () => {
  // The store as the browser builds it (entry-client.jsx): persistReducer over the root reducer,
  // then redux-persist's REHYDRATE with what an earlier visit left in storage.
  const rehydrated = async (preloadedState, persisted) => {
    const { persistReducer, REHYDRATE } = await import('redux-persist');
    const storage = { getItem: async () => null, setItem: async () => {}, removeItem: async () => {} };
    const config = { key: PERSIST_KEY, storage, whitelist: PERSISTED_KEYS };
    const store = createAppStore({ preloadedState, wrapReducer: (reducer) => persistReducer(config, reducer) });
    store.dispatch({ type: REHYDRATE, key: PERSIST_KEY, payload: persisted });
    return store.getState();
  };

  it('keeps the text of the search page over the persisted one', async () => {
    const state = await rehydrated(
      { search: { text: '蜂蜜' } },
      { search: { text: 'old' }, contact: { closed: true } },
    );
    expect(state.search.text).toBe('蜂蜜');
    expect(selectContactClosed(state)).toBe(true); // the rest of the persisted state did come back
  });

  it('takes the persisted text on a page without one', async () => {
    const state = await rehydrated(undefined, { search: { text: 'old' } });
    expect(state.search.text).toBe('old');
  });
});
