import { PATHS } from './paths.js';
import { ApiError } from './client.js';

/** The provider's payment page for an unpaid order; the amount must be the order's. */
export async function createPayment(api, { orderNumber, totalPrice }) {
  const { data } = await api.post(`${PATHS.payment}/create-payment`, {
    order_number: orderNumber,
    total_price: totalPrice,
  });
  if (!data?.paymentPageUrl)
    throw new ApiError('Payment page URL not found in response', { status: 200, code: 'no_payment_url' });
  return data.paymentPageUrl;
}
