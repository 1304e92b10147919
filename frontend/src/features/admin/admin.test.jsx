import http from 'node:http';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../entry-server.jsx';
import { startFixtureBff } from '../../test/fixtureBff.js';
import { createAppStore } from '../../app/store.js';
import { installLazyTexts } from '../../app/texts.js';
import { createApiClient } from '../../api/http.js';
import { saveProduct } from '../../api/admin.js';
import { translator } from '../../i18n/index.js';
import { adminGuardState } from '../account/RequireAdmin.jsx';
import * as strings from './strings.js';
import { ProductEditorView } from './ProductEditorPage.jsx';
import { batches } from './ProductImages.jsx';
import { EMPTY_PRODUCT, emptyVariant, fromProduct, saveFailure, toBody, validateProduct } from './productForm.js';

installLazyTexts('admin', strings);

let bff;
beforeAll(async () => {
  bff = await startFixtureBff();
});
afterAll(() => bff.close());

describe('the admin guard', () => {
  const admin = { id: 1, name: '店主', is_admin: 1 };
  const member = { id: 2, name: 'M', is_admin: 0 };
  it('shows the shell until the session is known, then the console only to the admin', () => {
    expect(adminGuardState({ known: false, user: admin, shopReady: true })).toBe('shell');
    expect(adminGuardState({ known: true, user: admin, shopReady: false })).toBe('shell');
    expect(adminGuardState({ known: true, user: admin, shopReady: true })).toBe('console');
    expect(adminGuardState({ known: true, user: member, shopReady: true })).toBe('login');
    expect(adminGuardState({ known: true, user: null, shopReady: true })).toBe('login');
  });

  it.each(['/admin', '/admin/products?q=honey', '/admin/products/5', '/admin/audit', '/admin/nothing'])(
    'the server answers %s with the noindex shell, calling no BFF',
    async (url) => {
      const before = bff.calls.length;
      const r = await render({ url, origin: 'http://shop.test:3000', bffUrl: bff.url });
      expect(r.status).toBe(200);
      expect(r.html).toContain('data-testid="admin-shell"');
      expect(r.html).not.toContain('admin-layout');
      expect(r.noindex).toBe(true);
      expect(r.head).toContain('<meta name="robots" content="noindex');
      expect(bff.calls.length).toBe(before);
    },
  );

  it('leaves /admin/login to the storefront sign-in page', async () => {
    const r = await render({ url: '/admin/login', origin: 'http://shop.test:3000', bffUrl: bff.url });
    expect(r.html).toContain('data-testid="admin-login-page"');
    expect(r.html).not.toContain('admin-shell');
  });
});

const t = translator('zh');
const product = {
  id: 9,
  version: 3,
  name: '蜂蜜',
  description: '',
  price: 20,
  discount: null,
  member_price: 15.5,
  weight: 500,
  is_free_shipping: 1,
  is_active: 1,
  is_featured: 0,
  recommend_weight: 2,
  category_id: 6,
  brand_id: null,
  avatar: null,
  images: [],
  virtual_inventory: 7,
  variants: [{ id: 4, name: '小', price: 20, discount: 18, member_price: null, weight: 0, virtual_inventory: 7 }],
  composition: '',
  usage_instructions: '',
  product_details: '<p>好</p>',
  color: '',
  size: '',
  image_alt: '',
};

describe('the product editor checks before saving', () => {
  const valid = { ...EMPTY_PRODUCT, name: '蜂蜜', price: '12.50' };
  it('passes a complete form', () => {
    expect(validateProduct(valid, { isNew: true })).toEqual({});
  });
  it('requires the name and the price, in money format', () => {
    expect(validateProduct({ ...valid, name: ' ', price: '' }, { isNew: true })).toEqual({
      name: 'admin.error.nameRequired',
      price: 'admin.error.required',
    });
    expect(validateProduct({ ...valid, price: '10.555' }, { isNew: true }).price).toBe('admin.error.money');
    expect(validateProduct({ ...valid, member_price: '-1' }, { isNew: true }).member_price).toBe('admin.error.money');
  });
  it('wants the special price below the price, and whole grams and stock', () => {
    const errors = validateProduct(
      { ...valid, discount: '12.50', weight: '1.5', virtual_inventory: '-2' },
      { isNew: true },
    );
    expect(errors).toEqual({
      discount: 'admin.error.discountBelow',
      weight: 'admin.error.integer',
      virtual_inventory: 'admin.error.notNegative',
    });
  });
  it('names a variant field as the BFF does (variants.0.price)', () => {
    const variants = [
      { ...emptyVariant(), name: '大', price: '30' },
      { ...emptyVariant(), name: '', price: 'x', virtual_inventory: '' },
    ];
    expect(validateProduct({ ...valid, variants }, { isNew: true })).toEqual({
      'variants.1.name': 'admin.error.nameRequired',
      'variants.1.price': 'admin.error.money',
      'variants.1.virtual_inventory': 'admin.error.required',
    });
  });
  // A variant's own code, barcode and picture, blank: not set (issue 25.4).
  const NO_CODES = { sku: null, barcode: null, image_id: null };
  it('sends opening stock only for what is new, and blanks as not set', () => {
    const values = fromProduct(product);
    values.variants.push({ ...emptyVariant(), name: '大', price: '30', virtual_inventory: '5' });
    const body = toBody(values, { isNew: false });
    expect(body).not.toHaveProperty('virtual_inventory');
    expect(body.discount).toBe(null);
    expect(body.member_price).toBe('15.5');
    expect(body.category_id).toBe(6);
    expect(body.brand_id).toBe(null);
    expect(body.variants).toEqual([
      { id: 4, name: '小', price: '20', discount: '18', member_price: null, weight: 0, ...NO_CODES },
      { virtual_inventory: 5, name: '大', price: '30', discount: null, member_price: null, weight: 0, ...NO_CODES },
    ]);
    expect(toBody({ ...valid, virtual_inventory: '3' }, { isNew: true }).virtual_inventory).toBe(3);
  });
});

describe('a save made on a stale copy (412)', () => {
  let server;
  let seen;
  const message = '该商品在您打开之后已被修改并保存。请重新加载商品，再做修改。';
  beforeAll(
    () =>
      new Promise((resolve) => {
        server = http.createServer((req, res) => {
          seen = { method: req.method, url: req.url, ifMatch: req.headers['if-match'] };
          res.writeHead(412, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ message, code: 'stale_version' }));
        });
        server.listen(0, '127.0.0.1', resolve);
      }),
  );
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends the version it was made on and shows the BFF message with a reload', async () => {
    const api = createApiClient({ baseURL: `http://127.0.0.1:${server.address().port}` });
    const error = await saveProduct(api, 9, toBody(fromProduct(product), { isNew: false }), 3).catch((e) => e);
    expect(seen).toEqual({ method: 'PUT', url: '/api/admin/products/9', ifMatch: 'W/"3"' });
    const failure = saveFailure(error);
    expect(failure).toEqual({ kind: 'stale', message });

    const store = createAppStore({ api });
    const html = renderToString(
      <Provider store={store}>
        <MemoryRouter>
          <ProductEditorView
            saved={product}
            values={{ ...fromProduct(product), name: '改过的名字' }}
            errors={{}}
            failure={failure}
            onChange={() => {}}
            onVariants={() => {}}
            onSubmit={() => {}}
            onReload={() => {}}
            onProduct={() => {}}
          />
        </MemoryRouter>
      </Provider>,
    );
    expect(html).toContain('data-testid="stale-notice"');
    expect(html).toContain(message);
    expect(html).toContain(t('admin.stale.reload'));
    // The form keeps what was typed: nothing is reloaded until asked.
    expect(html).toContain('value="改过的名字"');
  });

  it('puts 422 messages by their fields', () => {
    const failure = saveFailure({
      status: 422,
      message: '请填写金额',
      data: { errors: { price: ['请填写金额'], 'variants.0.name': ['请填写名称'] } },
    });
    expect(failure.kind).toBe('fields');
    expect(failure.fields).toEqual({ price: '请填写金额', 'variants.0.name': '请填写名称' });
  });
});

describe('pictures', () => {
  it('go up five at a time', () => {
    expect(batches([1, 2, 3, 4, 5, 6, 7]).map((b) => b.length)).toEqual([5, 2]);
    expect(batches([])).toEqual([]);
  });
});
