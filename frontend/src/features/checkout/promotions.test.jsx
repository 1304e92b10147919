import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { previewPromotions } from '../../api/orders.js';
import { createApiClient } from '../../api/http.js';
import { createAppStore } from '../../app/store.js';
import { installLazyFolders } from '../../app/texts.js';
import * as checkoutStrings from './strings.js';
import { OrderSummary, PromoCodeField } from './CheckoutParts.jsx';

installLazyFolders({ checkout: checkoutStrings });

const promotions = (over = {}) => ({
  code: '',
  error: '',
  checking: false,
  discounts: [],
  discountTotal: 0,
  freeShipping: false,
  freeShippingLabel: '',
  apply: () => {},
  remove: () => {},
  ...over,
});

const html = (node) =>
  renderToString(
    <Provider store={createAppStore({ api: createApiClient({}) })}>
      <MemoryRouter>{node}</MemoryRouter>
    </Provider>,
  );

describe('the checkout promotions', () => {
  it('asks the BFF for the cart, method and code (the one authority)', async () => {
    const calls = [];
    const http = { post: async (url, body) => (calls.push([url, body]), { data: { discount_total: 0 } }) };
    await previewPromotions(http, {
      cartItems: [{ product_id: 1, quantity: 2 }],
      shippingType: 'local-pick',
      code: 'x',
    });
    expect(calls).toEqual([
      [
        '/api/checkout/promotions',
        { cartItems: [{ product_id: 1, quantity: 2 }], shipping_type: 'local-pick', code: 'x' },
      ],
    ]);
  });

  it('shows a refused code with the BFF reason, and an applied code with a way to remove it', () => {
    const refused = html(
      <PromoCodeField promotions={promotions({ error: '优惠码“NOPE”不存在，请检查后重新输入。' })} />,
    );
    expect(refused).toContain('data-testid="promo-code-input"');
    expect(refused).toContain('role="alert"');
    expect(refused).toContain('优惠码“NOPE”不存在');
    const applied = html(<PromoCodeField promotions={promotions({ code: 'KIWI10' })} />);
    expect(applied).toContain('已使用优惠码 KIWI10');
    expect(applied).toContain('data-testid="promo-code-remove"');
  });

  it('lists what each rule saved and strikes the waived fee', () => {
    const out = html(
      <OrderSummary
        items={[]}
        quantity={1}
        weight={1000}
        subtotal={120}
        fee={0}
        fullFee={12}
        total={102}
        yuan={{ subtotal: 516, shipping: 0, total: 438.6, partsAddUp: false }}
        promotions={promotions({
          discounts: [
            { kind: 'tier', label: '满 NZ$100.00 减 NZ$15.00', amount: 15 },
            { kind: 'code', label: '优惠码 KIWI10', amount: 3 },
          ],
          discountTotal: 18,
          freeShipping: true,
          freeShippingLabel: '满 NZ$80.00 包邮',
        })}
      />,
    );
    const text = out.replaceAll('<!-- -->', '');
    expect(text).toMatch(/summary-discount-tier">.*−NZ\$15\.00/);
    expect(text).toMatch(/summary-discount-code">.*−NZ\$3\.00/);
    expect(text).toMatch(/summary-free-shipping">.*−NZ\$12\.00/);
    expect(out).toContain('data-testid="price-original"');
  });
});
