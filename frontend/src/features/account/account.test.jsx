import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../entry-server.jsx';
import { startFixtureBff } from '../../test/fixtureBff.js';
import { cardPrice } from '../../common/display.js';
import { createAppStore } from '../../app/store.js';
import { selectIsLoggedIn, selectSessionKnown, selectViewer, userLoggedIn } from './userSlice.js';
import { sessionChecked, sessionEnded } from './session.js';

let bff;
beforeAll(async () => {
  bff = await startFixtureBff();
});
afterAll(() => bff.close());
const page = (url) => render({ url, origin: 'http://shop.test:3000', bffUrl: bff.url });

describe('account screens on the server', () => {
  it.each(['/user-profile', '/favorite', '/order-list', '/order-detail/SO1', '/choose-address', '/address-management'])(
    'renders %s as a neutral noindex shell, decided in the browser',
    async (url) => {
      const r = await page(url);
      expect(r.status).toBe(200);
      expect(r.html).toContain('data-testid="private-shell"');
      expect(r.html).not.toContain('account-layout');
      expect(r.head).toContain('noindex');
    },
  );

  it('renders the login form with its links, as noindex', async () => {
    const r = await page('/login?redirect=%2Ffavorite');
    expect(r.html).toContain('data-testid="login-page"');
    expect(r.html).toContain('href="/forgot-password"');
    // Every way on to the sign-up screen, the header's too, keeps the page to return to.
    expect(r.html).not.toContain('href="/register"');
    expect(r.html).toContain('data-testid="header-register" href="/register?redirect=%2Ffavorite"');
    expect(r.html).toContain('data-testid="header-login" href="/login?redirect=%2Ffavorite"');
    expect(r.head).toContain('noindex');
  });

  it("the header's sign-in links remember the page they are on", async () => {
    const r = await page('/newest-product?page=2');
    expect(r.html).toContain('data-testid="header-login" href="/login?redirect=%2Fnewest-product%3Fpage%3D2"');
  });

  it('renders register with the terms links opening in new tabs', async () => {
    const r = await page('/register');
    expect(r.html).toMatch(/<a href="\/terms" target="_blank" rel="noopener noreferrer"/);
    expect(r.html).toMatch(/<a href="\/privacy-policy" target="_blank" rel="noopener noreferrer"/);
  });

  it('shows the account being reset', async () => {
    const r = await page('/reset-password?token=abc&email=a%40b.co');
    expect(r.html).toContain('a@b.co');
    const bare = await page('/reset-password');
    expect(bare.html).toContain('data-testid="reset-invalid"');
  });

  it('has an admin login and forgot password screen', async () => {
    expect((await page('/admin/login')).html).toContain('data-testid="admin-login-page"');
    expect((await page('/forgot-password')).html).toContain('data-testid="forgot-password-page"');
  });
});

describe('member prices on cards', () => {
  const product = { id: 1, price: 100, discount: null, member_price: 70 };
  const member = {
    id: 7,
    name: 'M',
    member_levels: { id: 1, name: 'Gold', discount_percent: 90 },
    is_special_member: 0,
  };
  const special = { id: 8, name: 'S', member_levels: null, is_special_member: 1 };

  it('applies the BFF user shape before the member prices arrive', () => {
    expect(cardPrice(product, member).price).toBe(90);
    expect(cardPrice(product, special).price).toBe(70);
    expect(cardPrice(product, null).price).toBe(100);
  });

  it('shows final_price when the BFF priced the product for this user', () => {
    const priced = { ...product, final_price: 88, show_special_badge: 0, priced_for: 7 };
    expect(cardPrice(priced, member)).toEqual({ price: 88, original: 100, special: false });
    expect(cardPrice({ ...priced, show_special_badge: 1 }, member).special).toBe(true);
    // Priced for someone else (or a guest now): the rule runs here instead.
    expect(cardPrice(priced, special).price).toBe(70);
    expect(cardPrice(priced, null).price).toBe(100);
  });

  it('shows a guest the public final_price', () => {
    expect(cardPrice({ ...product, discount: 80, final_price: 80, show_special_badge: 1 }, null)).toEqual({
      price: 80,
      original: 100,
      special: true,
    });
    // A member looking at guest-priced data: the rule with the member's level, until the refetch.
    expect(cardPrice({ ...product, final_price: 100, show_special_badge: 0 }, member).price).toBe(90);
  });
});

describe('session state', () => {
  const fakeApi = (answer) => ({ get: async () => ({ data: { data: answer } }), post: async () => ({ data: {} }) });

  it('knows the session only after persisted state is restored', () => {
    const store = createAppStore({ api: null });
    expect(selectSessionKnown(store.getState())).toBe(false);
    expect(selectSessionKnown({ _persist: { rehydrated: true } })).toBe(true);
  });

  it('a user with a name is logged in and is the viewer', () => {
    const store = createAppStore({ api: null });
    store.dispatch(userLoggedIn({ id: 1, name: '' }));
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(selectViewer(store.getState())).toBe(null);
    store.dispatch(userLoggedIn({ id: 1, name: 'A' }));
    expect(selectViewer(store.getState())).toEqual({ id: 1, name: 'A' });
  });

  it('stores the confirmed user, and ends a stale session', async () => {
    const store = createAppStore({ api: fakeApi({ isLoggedIn: true, user: { id: 2, name: 'B' } }) });
    expect(await store.dispatch(sessionChecked())).toEqual({ isLoggedIn: true, stale: false });
    expect(store.getState().user.user.name).toBe('B');

    const stale = createAppStore({
      api: fakeApi({ isLoggedIn: false, user: null }),
      preloadedState: { user: { user: { id: 2, name: 'B' } } },
    });
    expect(await stale.dispatch(sessionChecked())).toEqual({ isLoggedIn: false, stale: true });
    expect(stale.getState().user.user).toBe(null);
  });

  it('keeps a sign-in that landed while the check was on its way', async () => {
    const stored = new Map();
    globalThis.window = {
      localStorage: {
        getItem: (k) => stored.get(k) ?? null,
        setItem: (k, v) => stored.set(k, v),
        removeItem: (k) => stored.delete(k),
      },
    };
    try {
      const api = {
        // The check leaves without a token; the sign-in stores its token before the answer is back.
        get: async () => {
          stored.set('Token', 'fresh');
          return { data: { data: { isLoggedIn: false, user: null } } };
        },
      };
      const store = createAppStore({ api });
      expect(await store.dispatch(sessionChecked())).toEqual({ isLoggedIn: false, stale: false });
      expect(stored.get('Token')).toBe('fresh');

      // The same answer about the token it was sent with still ends the session.
      const ended = createAppStore({
        api: fakeApi({ isLoggedIn: false, user: null }),
        preloadedState: { user: { user: { id: 3, name: 'C' } } },
      });
      expect(await ended.dispatch(sessionChecked())).toEqual({ isLoggedIn: false, stale: true });
      expect(stored.has('Token')).toBe(false);
    } finally {
      delete globalThis.window;
    }
  });

  it('ending a session clears user, cart and favourites', () => {
    const store = createAppStore({
      api: null,
      preloadedState: {
        user: { user: { name: 'A' } },
        cart: { items: [{ quantity: 2 }] },
        favorite: { items: [{ product_id: 1 }] },
      },
    });
    store.dispatch(sessionEnded());
    const s = store.getState();
    expect([s.user.user, s.cart.items, s.favorite.items]).toEqual([null, [], []]);
  });
});
