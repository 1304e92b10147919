import { PATHS } from './paths.js';

// The shopper's 「我已付款」 on an order paid by the shop's QR code (docs/api.md, "QR payments").

/** Say the order is paid, with an optional screenshot (a File); answers the order. */
export async function claimPayment(api, orderNumber, screenshot = null) {
  const form = new FormData();
  if (screenshot) form.append('screenshot', screenshot, screenshot.name);
  const { data } = await api.post(`${PATHS.order}/${encodeURIComponent(orderNumber)}/paid`, form);
  return data.order;
}
