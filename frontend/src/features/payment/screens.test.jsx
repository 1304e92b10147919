import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../entry-server.jsx';
import { startFixtureBff } from '../../test/fixtureBff.js';

let bff;
beforeAll(async () => {
  bff = await startFixtureBff();
});
afterAll(() => bff.close());

describe('payment screens on the server', () => {
  it.each(['/pay/SO1', '/pay/SO1?returned=1', '/wechat-callback?order=SO1&code=c&state=s'])(
    'renders %s as the neutral noindex shell (a member pays in the browser)',
    async (url) => {
      const r = await render({ url, origin: 'http://shop.test:3000', bffUrl: bff.url });
      expect(r.status).toBe(200);
      expect(r.html).toContain('data-testid="private-shell"');
      expect(r.html).not.toContain('pay-page');
      expect(r.head).toContain('noindex');
    },
  );
});
