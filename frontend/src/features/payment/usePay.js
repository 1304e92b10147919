import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { createPayment, fetchPaymentMethods } from '../../api/payment.js';
import { useApiCall } from '../../common/useApiCall.js';
import { selectShop } from '../shop/shopSlice.js';
import { hasRealProvider } from './device.js';

export const directPaymentEnabled = (shop) => Number(shop?.is_direct_payment_enabled) === 1;

// One request per page load: every pay button of a list shares it.
let methodsRequest = null;

/** The shop's payment providers and methods ({ providers, methods }), or null while unknown. */
export function usePaymentMethods() {
  const call = useApiCall();
  const [providers, setProviders] = useState(null);
  useEffect(() => {
    let live = true;
    methodsRequest ??= call(fetchPaymentMethods).catch(() => {
      methodsRequest = null;
      return null;
    });
    methodsRequest.then((list) => live && setProviders(list));
    return () => {
      live = false;
    };
  }, [call]);
  return providers;
}

/**
 * The pay button (SPEC section 4): with direct payment on and a provider in the shop, ask the BFF
 * to start the payment and follow it; otherwise (or when the BFF says no provider is available)
 * the manual QR payment at /payment-info. Returns { label, pay(order) }.
 */
export function usePay() {
  const t = useT();
  const notify = useNotify();
  const call = useApiCall();
  const navigate = useNavigate();
  const shop = useSelector(selectShop);
  const providers = usePaymentMethods()?.providers ?? null;
  const direct = directPaymentEnabled(shop) && (providers === null || providers.length > 0);
  // The QR page names the order, so it can show its number and amount and take 「我已付款」.
  const qrPage = (order) => navigate(`/payment-info?order=${encodeURIComponent(order.order_number)}`);
  const pay = async (order) => {
    if (!direct) return qrPage(order);
    // WeChat Pay / Alipay: the payment page picks the provider and the way to pay.
    if (hasRealProvider(providers)) return navigate(`/pay/${encodeURIComponent(order.order_number)}`);
    try {
      const start = await call((api) =>
        createPayment(api, { orderNumber: order.order_number, totalPrice: order.total_price }),
      );
      window.location.assign(start.paymentPageUrl);
    } catch (error) {
      if (error.code === 'payment_unavailable') return qrPage(order);
      // A refusal the shopper can act on (not payable, amount changed) is said; the rest is only logged.
      if (error.status >= 400 && error.status < 500 && error.status !== 401) notify('error', error.message);
      else console.warn('payment', error.message);
    }
  };
  return { label: t(direct ? 'order.pay.wallet' : 'order.pay.method'), pay };
}
