import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { roundCents, yuanTotals } from '../../common/rules/money.js';
import { useNotify } from '../ui/useNotify.js';
import { cartFetched, selectCartCount, selectCartItems, selectCartTotal, yuanLines } from '../cart/cartSlice.js';
import { selectCartWeight } from '../cart/cartWeight.js';
import { selectExchangeRate } from '../shop/shopSlice.js';
import { checkoutErrors, orderPayload } from './order.js';
import { useCheckoutForm } from './useCheckoutForm.js';
import { useShippingChoice } from './useShippingChoice.js';
import { usePlaceOrder } from './usePlaceOrder.js';
import {
  CheckoutBar,
  EmptyCheckout,
  OrderSummary,
  RecipientFieldset,
  SenderFieldset,
  ShippingMethodFieldset,
} from './CheckoutParts.jsx';

/**
 * Checkout (SPEC section 3): recipient (a saved address already filled in), shipping method, the
 * optional sender folded, and the order summary of the current cart; on a phone the total and the
 * submit button stay in a bar at the bottom.
 */
export default function CheckoutPage() {
  const t = useT();
  const notify = useNotify();
  const dispatch = useDispatch();
  const items = useSelector(selectCartItems);
  const quantity = useSelector(selectCartCount);
  const subtotal = useSelector(selectCartTotal);
  const weight = useSelector(selectCartWeight);
  const rate = useSelector(selectExchangeRate);
  useEffect(() => {
    dispatch(cartFetched());
  }, [dispatch]);
  const form = useCheckoutForm();
  const { recipient, sender, remark, errors } = form;
  const shipping = useShippingChoice(recipient, weight);
  const { method, fee } = shipping;
  const { submitting, placeOrder } = usePlaceOrder(form.setErrors);

  const submit = (event) => {
    event.preventDefault();
    const found = checkoutErrors(recipient, shipping.methods);
    form.setErrors(found);
    if (found.shipping_type) notify('error', t('checkout.noShippingBlocked'));
    if (Object.keys(found).length) return;
    placeOrder(orderPayload({ items, recipient, sender, remark, method, subtotal, fee, weight, quantity }));
  };

  if (!items.length) return <EmptyCheckout />;
  const total = roundCents(subtotal + fee);
  const yuan = yuanTotals(yuanLines(items), rate, fee);
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-6 pb-20 pt-6 lg:grid-cols-[1fr_24rem] lg:pb-0"
      data-testid="checkout-page"
    >
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold">{t('checkout.title')}</h1>
        <RecipientFieldset
          recipient={recipient}
          errors={errors}
          onChange={form.changeRecipient}
          remark={remark}
          onRemarkChange={form.setRemark}
        />
        <ShippingMethodFieldset
          methods={shipping.methods}
          method={method}
          onChange={shipping.setMethod}
          note={shipping.note}
          error={errors.shipping_type}
        />
        <SenderFieldset sender={sender} onChange={form.changeSender} />
      </div>
      <OrderSummary
        items={items}
        quantity={quantity}
        weight={weight}
        subtotal={subtotal}
        fee={fee}
        total={total}
        yuan={yuan}
        submitting={submitting}
      />
      <CheckoutBar total={total} yuan={yuan} submitting={submitting} />
    </form>
  );
}
