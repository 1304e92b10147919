import { useNavigate } from 'react-router';
import { useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { createPayment } from '../../api/payment.js';
import { useApiCall } from '../../common/useApiCall.js';
import { selectShop } from '../shop/shopSlice.js';

export const directPaymentEnabled = (shop) => Number(shop?.is_direct_payment_enabled) === 1;

/**
 * The pay button (SPEC section 4): with direct payment on, ask the BFF for the
 * provider's payment page and send the browser there; otherwise /payment-info.
 * Returns { label, pay(order) }.
 */
export function usePay() {
  const t = useT();
  const notify = useNotify();
  const call = useApiCall();
  const navigate = useNavigate();
  const shop = useSelector(selectShop);
  const direct = directPaymentEnabled(shop);
  const pay = async (order) => {
    if (!direct) return navigate('/payment-info');
    try {
      const url = await call((api) =>
        createPayment(api, { orderNumber: order.order_number, totalPrice: order.total_price }),
      );
      window.location.assign(url);
    } catch (error) {
      // A refusal the shopper can act on (not payable, amount changed) is said; the rest is only logged.
      if (error.status >= 400 && error.status < 500 && error.status !== 401) notify('error', error.message);
      else console.warn('payment', error.message);
    }
  };
  return { label: t(direct ? 'order.pay.wallet' : 'order.pay.method'), pay };
}
