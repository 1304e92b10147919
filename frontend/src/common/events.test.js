import { describe, expect, it } from 'vitest';
import { applyMiddleware, legacy_createStore as createStore } from 'redux';
import { event, memoized, request, thunkMiddleware } from './events.js';

const recorder = (extra) => {
  const seen = [];
  const store = createStore(
    (state = 0, action) => {
      seen.push(action);
      return state;
    },
    applyMiddleware(thunkMiddleware(extra)),
  );
  return { store, seen: () => seen.filter((a) => !a.type.startsWith('@@')) };
};

describe('events', () => {
  it('makes actions of one type that it tells apart', () => {
    const shown = event('toast/shown', (type, message) => ({ payload: { type, message } }));
    expect(shown('info', 'x')).toEqual({ type: 'toast/shown', payload: { type: 'info', message: 'x' } });
    expect(shown.type).toBe('toast/shown');
    expect(shown.match(shown('a', 'b'))).toBe(true);
    expect(shown.match({ type: 'toast/dismissed' })).toBe(false);
  });

  it('runs a call as pending then fulfilled, and resolves to the last event', async () => {
    const api = { get: async (url) => ({ url }) };
    const loaded = request('shop/loaded', (client, id, { getState }) => client.get(`/shop/${id}/${getState()}`));
    const { store, seen } = recorder({ api });
    const result = await store.dispatch(loaded(7));
    expect(seen().map((a) => a.type)).toEqual(['shop/loaded/pending', 'shop/loaded/fulfilled']);
    expect(loaded.fulfilled.match(result)).toBe(true);
    expect(result).toMatchObject({ payload: { url: '/shop/7/0' }, meta: { arg: 7, requestStatus: 'fulfilled' } });
  });

  it('turns a failed call into a rejected event with what the screens read, never a throw', async () => {
    const refused = Object.assign(new Error('库存不足'), { status: 409, code: 'exceeds_stock', config: {} });
    const added = request('cart/itemAdded', async () => {
      throw refused;
    });
    const { store, seen } = recorder({ api: {} });
    const result = await store.dispatch(added({ id: 1 }));
    expect(seen().map((a) => a.type)).toEqual(['cart/itemAdded/pending', 'cart/itemAdded/rejected']);
    expect(added.rejected.match(result)).toBe(true);
    expect(result.payload).toEqual({ message: '库存不足', status: 409, code: 'exceeds_stock' });
    expect(result.meta.requestStatus).toBe('rejected');
  });
});

describe('memoized', () => {
  it('computes again only when an input changes', () => {
    let runs = 0;
    const ids = memoized([(s) => s.items], (items) => {
      runs += 1;
      return items.map((i) => i.id);
    });
    const items = [{ id: 1 }];
    const first = ids({ items, other: 1 });
    expect(ids({ items, other: 2 })).toBe(first);
    expect(runs).toBe(1);
    expect(ids({ items: [...items, { id: 2 }] })).toEqual([1, 2]);
    expect(runs).toBe(2);
  });
});
