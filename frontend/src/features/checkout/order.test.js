import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.js';
import { checkoutErrors, idNumberRequired, orderFailure } from './order.js';

const recipient = {
  shipping_name: '王小明',
  shipping_contact: '13800000000',
  shipping_country: '中国',
  shipping_city: '上海市 浦东新区',
  shipping_address: '浦东新区 1 号',
  province_code: '310000',
  city_code: '310000',
  district_code: '310115',
  shipping_id: '',
};

describe('checkout errors', () => {
  it('passes a valid recipient with a shipping method', () => {
    expect(checkoutErrors(recipient, ['oversea-direct'])).toEqual({});
  });

  it('asks for the ID number where the shop says customs need it (issue 30.6)', () => {
    const shop = { is_overseas_id_required: 1 };
    expect(idNumberRequired('oversea-direct', shop)).toBe(true);
    expect(idNumberRequired('local-direct', shop)).toBe(false);
    expect(idNumberRequired('oversea-direct', { is_overseas_id_required: 0 })).toBe(false);
    expect(checkoutErrors(recipient, ['oversea-direct'], true)).toEqual({ shipping_id: 'checkout.idRequired' });
    expect(checkoutErrors({ ...recipient, shipping_id: '11010519491231002X' }, ['oversea-direct'], true)).toEqual({});
  });
  it('blocks the order when no method is offered', () => {
    expect(checkoutErrors(recipient, [])).toEqual({ shipping_type: 'checkout.noShippingBlocked' });
  });
  it('keeps the recipient rules', () => {
    expect(checkoutErrors({ ...recipient, shipping_name: ' ' }, ['oversea-direct'])).toEqual({
      shipping_name: 'address.name.required',
    });
  });
  it('asks for the place of a China address typed before the lists', () => {
    const typed = { ...recipient, shipping_city: '新疆乌鲁木齐', province_code: '650000', city_code: null };
    expect(checkoutErrors({ ...typed, district_code: null }, ['oversea-direct'])).toEqual({
      city_code: 'address.cityCode.required',
    });
  });
});

describe('a refused order', () => {
  it('shows an incomplete China address and the list to choose from', () => {
    const message = '收件地址不完整：请从列表中选择省份、城市和区县。';
    const error = new ApiError(message, {
      status: 422,
      code: 'address_incomplete',
      data: { message, code: 'address_incomplete', errors: { city_code: ['请选择城市'] } },
    });
    expect(orderFailure(error)).toEqual({ message, fields: { city_code: '请选择城市' } });
  });
  it('shows changed prices and reloads the cart', () => {
    const error = new ApiError('价格已变动', { status: 409, code: 'prices_changed' });
    expect(orderFailure(error)).toEqual({ message: '价格已变动', refetchCart: true });
  });
  it('puts field errors beside their fields', () => {
    const error = new ApiError('Invalid', {
      status: 422,
      data: { errors: { shipping_city: ['请输入收件人城市/省份'] } },
    });
    expect(orderFailure(error)).toEqual({ message: 'Invalid', fields: { shipping_city: '请输入收件人城市/省份' } });
  });
  it('shows any other answer of the BFF', () => {
    expect(orderFailure(new ApiError('Out of stock', { status: 400 }))).toEqual({ message: 'Out of stock' });
  });
  it('leaves a 401 to the session flow and shows nothing without an answer', () => {
    expect(orderFailure(new ApiError('Unauthenticated.', { status: 401 }))).toEqual({});
    expect(orderFailure(new ApiError('Network error', { status: 0 }))).toEqual({});
  });
});
