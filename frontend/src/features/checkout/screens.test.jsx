import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../entry-server.jsx';
import { startFixtureBff } from '../../test/fixtureBff.js';

let bff;
beforeAll(async () => {
  bff = await startFixtureBff();
});
afterAll(() => bff.close());

describe('shopping screens on the server', () => {
  it.each(['/checkout', '/order-summary/SO1', '/payment-info', '/order-list?status=paid', '/favorite?sort=newest'])(
    'renders %s as the neutral noindex shell (decided in the browser)',
    async (url) => {
      const r = await render({ url, origin: 'http://shop.test:3000', bffUrl: bff.url });
      expect(r.status).toBe(200);
      expect(r.html).toContain('data-testid="private-shell"');
      expect(r.html).not.toContain('checkout-page');
      expect(r.head).toContain('noindex');
    },
  );

  it('renders the cart icon with a zero count and no slide-over (a guest on the server)', async () => {
    const r = await render({ url: '/', origin: 'http://shop.test:3000', bffUrl: bff.url });
    expect(r.html).toContain('data-testid="cart-count">0<');
    expect(r.html).not.toContain('cart-drawer');
  });
});
