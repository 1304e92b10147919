import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store.js';
import { userLoggedIn } from '../account/userSlice.js';
import { favoriteToggled, selectFavoriteIds, selectIsFavorite } from '../favorites/favoriteSlice.js';
import { cartCleared, itemAdded, lineQuantityChanged, selectCartCount, selectCartTotal } from './cartSlice.js';
import { selectCartWeight } from './cartWeight.js';

const line = (id, { price = '10.00', quantity = 1, weight = 500, variant = null, free = 0 } = {}) => ({
  id,
  product_id: id * 10,
  variant_id: variant?.id ?? null,
  quantity,
  price,
  product: { id: id * 10, name: `P${id}`, weight, is_free_shipping: free },
  variant,
});

/** A fake axios instance answering like the BFF. */
function fakeApi(routes) {
  const handle = (method) =>
    vi.fn(async (url, body) => {
      const key = `${method} ${url}`;
      const found = Object.entries(routes).find(([k]) => key.startsWith(k));
      if (!found) throw Object.assign(new Error(`no route ${key}`), { status: 404 });
      return { data: typeof found[1] === 'function' ? found[1](body) : found[1] };
    });
  return { get: handle('GET'), post: handle('POST') };
}

describe('cart slice and selectors', () => {
  it('counts quantities, totals to the cent and weighs by the shipping rule', async () => {
    const carts = [
      line(1, { price: '12.35', quantity: 3 }),
      line(2, { price: '0.10', quantity: 1, weight: 800, free: 1 }),
      line(3, { price: '5.00', quantity: 2, weight: 300, variant: { id: 7, weight: 1200 } }),
    ];
    const api = fakeApi({ 'POST /api/cart/add': { carts } });
    const store = createAppStore({ api });
    const result = await store.dispatch(itemAdded({ product: { id: 10 }, quantity: 1 }));
    expect(result.type).toBe('cart/itemAdded/fulfilled');
    expect(api.post).toHaveBeenCalledWith('/api/cart/add', { product_id: 10, quantity: 1 });
    const state = store.getState();
    expect(selectCartCount(state)).toBe(6);
    expect(selectCartTotal(state)).toBe(47.15);
    expect(selectCartWeight(state)).toBe(3 * 500 + 0 + 2 * 1200);
    store.dispatch(cartCleared());
    expect(selectCartCount(store.getState())).toBe(0);
  });

  it('sets a line amount with set=1 and keeps the cart when the BFF refuses', async () => {
    const api = fakeApi({
      'POST /api/cart/add': (body) => {
        if (body.quantity > 5)
          throw Object.assign(new Error('库存不足，最多只能购买5件'), { status: 409, code: 'exceeds_stock' });
        return { carts: [line(1, { quantity: body.quantity })] };
      },
    });
    const store = createAppStore({ api, preloadedState: { cart: { items: [line(1, { quantity: 2 })] } } });
    await store.dispatch(lineQuantityChanged({ line: store.getState().cart.items[0], quantity: 4 }));
    expect(api.post).toHaveBeenLastCalledWith('/api/cart/add', { product_id: 10, quantity: 4, set: 1 });
    expect(selectCartCount(store.getState())).toBe(4);
    const refused = await store.dispatch(lineQuantityChanged({ line: store.getState().cart.items[0], quantity: 9 }));
    expect(refused.payload).toMatchObject({ code: 'exceeds_stock', message: '库存不足，最多只能购买5件' });
    expect(selectCartCount(store.getState())).toBe(4);
  });

  it('loads the cart and the hearts when a member signs in (event cart/fetched, favorite/fetched)', async () => {
    const api = fakeApi({
      'GET /api/cart': { data: { carts: [line(1, { quantity: 2 })] } },
      'GET /api/favorites': { favorites: { data: [{ id: 1, product_id: 10, product: {} }] }, last_page: 1 },
    });
    const store = createAppStore({ api });
    store.dispatch(userLoggedIn({ id: 1, name: 'Li' }));
    await vi.waitFor(() => expect(selectCartCount(store.getState())).toBe(2));
    await vi.waitFor(() => expect(selectFavoriteIds(store.getState())).toEqual([10]));
  });
});

describe('favourite slice', () => {
  it('a heart adds when not a favourite and removes when it is', async () => {
    const api = fakeApi({
      'POST /api/favorites/add': { favorites: [{ id: 1, product_id: 5, product: { id: 5 } }] },
      'POST /api/favorites/remove': { favorites: [] },
    });
    const store = createAppStore({ api });
    const added = await store.dispatch(favoriteToggled(5));
    expect(added.payload.added).toBe(true);
    expect(selectIsFavorite(5)(store.getState())).toBe(true);
    const removed = await store.dispatch(favoriteToggled(5));
    expect(removed.payload.added).toBe(false);
    expect(api.post).toHaveBeenLastCalledWith('/api/favorites/remove', { product_id: 5 });
    expect(selectIsFavorite(5)(store.getState())).toBe(false);
  });
});
