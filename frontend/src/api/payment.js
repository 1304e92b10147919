import { PATHS } from './paths.js';
import { ApiError } from './client.js';

/**
 * The shop's payment providers (`wechat_pay`, `alipay`, `stripe`, `antom`, `sandbox`; none: the
 * manual QR payment) and its methods, each with the provider the owner chose for it:
 * { providers, methods: [{ method, provider }] }.
 */
export async function fetchPaymentMethods(api) {
  const { data } = await api.get(`${PATHS.payment}/methods`);
  return { providers: data?.providers || [], methods: data?.methods || [] };
}

/**
 * Start paying an unpaid order; the amount must be the order's. Answers how to go on:
 * { flow: 'redirect', paymentPageUrl } | { flow: 'qr', qrCode } | { flow: 'jsapi', jsapi }, each
 * with `charge` ({ amount, currency }: what the provider charges).
 */
export async function createPayment(api, { orderNumber, totalPrice, method, device }) {
  const { data } = await api.post(`${PATHS.payment}/create-payment`, {
    order_number: orderNumber,
    total_price: totalPrice,
    ...(method ? { method } : {}),
    ...(device ? { device } : {}),
  });
  if ((data?.flow ?? 'redirect') === 'redirect' && !data?.paymentPageUrl)
    throw new ApiError('Payment page URL not found in response', { status: 200, code: 'no_payment_url' });
  return data;
}

/**
 * What paying an order charges with each of the shop's providers: { wechat_pay: { amount, currency } }.
 * CNY: yuan at the shop's rate (fixed by the first attempt); NZD: the order's total as priced.
 */
export async function quotePayment(api, orderNumber) {
  const { data } = await api.post(`${PATHS.payment}/quote`, { order_number: orderNumber });
  return data?.charges ?? {};
}

/** Settle an order on return from paying (the BFF asks the provider when no notification came). */
export async function settlePayment(api, orderNumber) {
  const { data } = await api.post(`${PATHS.payment}/settle`, { order_number: orderNumber });
  return data;
}

/** Inside WeChat: WeChat's silent sign-in page for the openid JSAPI pays with. */
export async function wechatAuthorize(api, orderNumber) {
  const { data } = await api.post(`${PATHS.payment}/wechat/authorize`, { order_number: orderNumber });
  return data.url;
}

/** Back from WeChat's sign-in with its code and state: the BFF keeps the openid. */
export async function wechatSignedIn(api, { orderNumber, code, state }) {
  const { data } = await api.post(`${PATHS.payment}/wechat/openid`, { order_number: orderNumber, code, state });
  return data.order_number;
}

/** The refunds of a member's order, each with its state: processing, refunded or failed. */
export async function fetchRefunds(api, orderNumber) {
  return (await api.get(`${PATHS.payment}/refunds/${encodeURIComponent(orderNumber)}`)).data.refunds;
}
