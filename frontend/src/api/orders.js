import { PATHS } from './paths.js';

/**
 * Create an order (SPEC section 3's payload). The BFF recomputes every amount;
 * a difference is a 409 prices_changed and nothing is created. The idempotency
 * key makes a retry of the same checkout return the first order.
 */
export async function createOrder(api, payload, idempotencyKey) {
  const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {};
  return (await api.post(`${PATHS.order}/create`, payload, { headers })).data.order;
}

/** One page of orders: { orders, lastPage }. status: all, paid, unpaid, completed, cancelled. */
export async function fetchOrders(api, { status = 'all', page = 1 } = {}) {
  const { data } = await api.get(PATHS.orders, { params: { status, page } });
  return { orders: data.orders.data, lastPage: data.orders.last_page || 1 };
}

export const fetchOrder = async (api, orderNumber) =>
  (await api.get(`${PATHS.order}/${encodeURIComponent(orderNumber)}`)).data.order;
/** Cancel an unpaid order; id is the order's id (not its number). */
export const cancelOrder = async (api, orderId) => (await api.post(`${PATHS.orders}/delete/${orderId}`)).data;

// Named here, not in paths.js: that module is in every first load, this call only at checkout.
const CHECKOUT_PROMOTIONS = '/api/checkout/promotions';

/**
 * What the shop's promotions take off this cart shipped by `shipping_type`: 满减, the code and
 * free shipping, computed by the BFF (the one authority). A code that cannot be used comes back
 * as `code_error` { code, message } in the shop's language, the rest still applied.
 */
export const previewPromotions = async (api, { cartItems, shippingType, code }) =>
  (await api.post(CHECKOUT_PROMOTIONS, { cartItems, shipping_type: shippingType || '', code: code || '' })).data;
