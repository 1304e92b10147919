import { describe, expect, it } from 'vitest';
import { orderPayload } from './order.js';

describe('order creation payload (SPEC section 3)', () => {
  it('carries the lines, the shipping info and the amounts the shopper saw', () => {
    const items = [
      { id: 1, product_id: 3, variant_id: null, quantity: 2, product: { id: 3 } },
      { id: 2, product_id: 4, variant_id: 9, quantity: '1', product: { id: 4 }, variant: { id: 9 } },
    ];
    const recipient = {
      shipping_name: 'Amy Li',
      shipping_contact: '021',
      shipping_country: 'New Zealand',
      shipping_city: 'Auckland',
      shipping_address: '1 Queen St',
      shipping_id: '',
    };
    const payload = orderPayload({
      items,
      recipient,
      sender: { name: 'Bo', phone: '1', address: 'Here' },
      remark: 'ring twice',
      method: 'local-direct',
      subtotal: 105.7,
      fee: 8,
      weight: 1890,
      quantity: 3,
    });
    expect(payload).toEqual({
      cartItems: [
        { product_id: 3, variant_id: null, quantity: 2 },
        { product_id: 4, variant_id: 9, quantity: 1 },
      ],
      shippingInfo: {
        ...recipient,
        shipping_type: 'local-direct',
        user_remark: 'ring twice',
        sender_name: 'Bo',
        sender_contact: '1',
        sender_address: 'Here',
      },
      totalAmount: '105.70',
      shippingCost: '8.00',
      totalWeight: 1890,
      totalQuantity: 3,
      discountCode: '',
      discountAmount: '0.00',
    });
  });

  it('carries the code and the discount the BFF preview applied, for the order call to check', () => {
    const payload = orderPayload({
      items: [],
      recipient: {},
      sender: {},
      remark: '',
      method: 'oversea-direct',
      subtotal: 100,
      fee: 0,
      weight: 1000,
      quantity: 2,
      code: 'SAVE10',
      discount: 15.4,
    });
    expect(payload).toMatchObject({ discountCode: 'SAVE10', discountAmount: '15.40', shippingCost: '0.00' });
  });

  it('defaults the shipping type to oversea-direct', () => {
    const payload = orderPayload({
      items: [],
      recipient: {},
      sender: {},
      remark: '',
      method: '',
      subtotal: 0,
      fee: 0,
      weight: 0,
      quantity: 0,
    });
    expect(payload.shippingInfo.shipping_type).toBe('oversea-direct');
  });
});
