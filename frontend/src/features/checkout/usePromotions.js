import { useEffect, useRef, useState } from 'react';
import { useApiCall } from '../../common/useApiCall.js';
import { previewPromotions } from '../../api/orders.js';

const itemsOf = (items) =>
  items.map((l) => ({
    product_id: l.product_id ?? l.product?.id,
    variant_id: l.variant_id ?? l.variant?.id ?? null,
    quantity: Number(l.quantity),
  }));

/**
 * The checkout's promotions as the BFF computes them (the one authority): asked again whenever
 * the cart, the shipping method or the applied code changes; the newest answer wins. A refused
 * code is dropped with its reason (`error`, in the shop's language), the cart untouched.
 */
export function usePromotions(items, method) {
  const call = useApiCall();
  const [code, setCode] = useState('');
  const [quote, setQuote] = useState(null);
  const [error, setError] = useState('');
  const [answered, setAnswered] = useState('');
  const latest = useRef(0);
  const cartItems = itemsOf(items);
  const cartKey = JSON.stringify(cartItems);
  const asking = `${cartKey}|${method}|${code}`;

  useEffect(() => {
    if (!cartItems.length) return undefined;
    const asked = ++latest.current;
    call((api) => previewPromotions(api, { cartItems, shippingType: method, code }))
      .then((answer) => {
        if (asked !== latest.current) return;
        setQuote(answer);
        if (answer.code_error) {
          setError(answer.code_error.message);
          setCode('');
        }
      })
      .catch(() => {
        // No answer: the order call recomputes everything and refuses a difference.
        if (asked === latest.current) setQuote(null);
      })
      .finally(() => {
        if (asked === latest.current) setAnswered(asking);
      });
    return undefined;
    // cartKey stands for cartItems.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call, asking]);

  const apply = (entered) => {
    setError('');
    setCode(String(entered || '').trim());
  };
  const remove = () => {
    setError('');
    setCode('');
  };
  /** The order call refused the code (used up meanwhile): drop it, say why. */
  const refused = (message) => {
    setCode('');
    setError(message);
  };
  const discounts = quote?.discounts ?? [];
  return {
    code: quote?.code ?? '',
    error,
    checking: answered !== asking,
    discounts,
    discountTotal: Number(quote?.discount_total ?? 0),
    freeShipping: Boolean(quote?.free_shipping),
    freeShippingLabel: quote?.free_shipping_label ?? '',
    apply,
    remove,
    refused,
  };
}
