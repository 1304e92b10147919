import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { roundCents, yuanOf, yuanTotals } from '../../common/rules/money.js';
import { useNotify } from '../ui/useNotify.js';
import { cartFetched, selectCartCount, selectCartItems, selectCartTotal, yuanLines } from '../cart/cartSlice.js';
import { selectCartWeight } from '../cart/cartWeight.js';
import { selectExchangeRate, selectShop } from '../shop/shopSlice.js';
import { checkoutErrors, idNumberRequired, orderPayload } from './order.js';
import { useCheckoutForm } from './useCheckoutForm.js';
import { useShippingChoice } from './useShippingChoice.js';
import { usePlaceOrder } from './usePlaceOrder.js';
import { usePromotions } from './usePromotions.js';
import {
  CheckoutBar,
  EmptyCheckout,
  OrderSummary,
  PromoCodeField,
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
  const shop = useSelector(selectShop);
  useEffect(() => {
    dispatch(cartFetched());
  }, [dispatch]);
  const form = useCheckoutForm();
  const { recipient, sender, remark, errors } = form;
  const shipping = useShippingChoice(recipient, weight);
  const { method } = shipping;
  const promotions = usePromotions(items, method);
  // What the BFF's promotions leave to pay: the items less their discounts, the fee unless free.
  const fee = promotions.freeShipping ? 0 : shipping.fee;
  const discount = promotions.discountTotal;
  const idRequired = idNumberRequired(method, shop);
  const { submitting, placeOrder } = usePlaceOrder((fields) => {
    if (fields.discountCode) promotions.refused(fields.discountCode);
    form.setErrors(fields);
  });

  const submit = (event) => {
    event.preventDefault();
    const found = checkoutErrors(recipient, shipping.methods, idRequired);
    form.setErrors(found);
    if (found.shipping_type) notify('error', t('checkout.noShippingBlocked'));
    if (Object.keys(found).length) return;
    placeOrder(
      orderPayload({
        items,
        recipient,
        sender,
        remark,
        method,
        subtotal,
        fee,
        weight,
        quantity,
        code: promotions.code,
        discount,
      }),
    );
  };

  if (!items.length) return <EmptyCheckout />;
  const total = roundCents(subtotal - discount + fee);
  const parts = yuanTotals(yuanLines(items), rate, fee);
  // The yuan total once from the NZ$ total charged (rules/yuan_cases.json).
  const yuan = discount ? { ...parts, total: yuanOf(total, rate), partsAddUp: false } : parts;
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
          idRequired={idRequired}
        />
        <ShippingMethodFieldset
          methods={shipping.methods}
          method={method}
          onChange={shipping.setMethod}
          note={shipping.note}
          error={errors.shipping_type}
        />
        <SenderFieldset sender={sender} onChange={form.changeSender} />
        <PromoCodeField promotions={promotions} />
      </div>
      <OrderSummary
        items={items}
        quantity={quantity}
        weight={weight}
        subtotal={subtotal}
        fee={fee}
        fullFee={shipping.fee}
        promotions={promotions}
        total={total}
        yuan={yuan}
        submitting={submitting}
      />
      <CheckoutBar total={total} yuan={yuan} submitting={submitting} />
    </form>
  );
}
