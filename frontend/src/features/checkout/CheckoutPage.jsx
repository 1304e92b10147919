import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDispatch, useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import Price from '../shop/Price.jsx';
import { availableMethods, DEFAULT_SHIPPING_TYPE, roundCents, shippingFee } from '../../common/rules/shipping.js';
import { fetchAddresses } from '../../api/addresses.js';
import { createOrder } from '../../api/orders.js';
import { selectShop } from '../shop/shopSlice.js';
import { useApiCall } from '../../common/useApiCall.js';
import { cartEmptied, cartFetched, selectCartCount, selectCartItems, selectCartTotal, selectCartWeight } from '../cart/cartSlice.js';
import CartLines from '../cart/CartLines.jsx';
import { AddressField, EMPTY_ADDRESS, FIELDS } from '../addresses/AddressModal.jsx';
import { serverErrors, validateRecipient } from '../addresses/validators.js';
import { selectChosenRecipient } from './checkoutSlice.js';

// The shop's note shown under each method.
const NOTES = { 'oversea-direct': 'overseas_shipping_note', 'local-direct': 'local_shipping_note', 'local-pick': 'pick_up_note' };
const newKey = () => `co-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
const recipientOf = (a) => Object.fromEntries(Object.keys(EMPTY_ADDRESS).map((k) => [k, a?.[k] ?? EMPTY_ADDRESS[k]]));

/** The order creation payload of SPEC section 3. The BFF recomputes and checks every amount. */
export function orderPayload({ items, recipient, sender, remark, method, subtotal, fee, weight, quantity }) {
  return {
    cartItems: items.map((l) => ({ product_id: l.product_id ?? l.product?.id, variant_id: l.variant_id ?? l.variant?.id ?? null, quantity: Number(l.quantity) })),
    shippingInfo: {
      ...recipient,
      shipping_type: method || DEFAULT_SHIPPING_TYPE,
      user_remark: remark,
      sender_name: sender.name,
      sender_contact: sender.phone,
      sender_address: sender.address,
    },
    totalAmount: subtotal.toFixed(2),
    shippingCost: fee.toFixed(2),
    totalWeight: weight,
    totalQuantity: quantity,
  };
}

export default function CheckoutPage() {
  const t = useT();
  const notify = useNotify();
  const call = useApiCall();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const shop = useSelector(selectShop);
  const items = useSelector(selectCartItems);
  const quantity = useSelector(selectCartCount);
  const subtotal = useSelector(selectCartTotal);
  const weight = useSelector(selectCartWeight);
  const chosen = useSelector(selectChosenRecipient);
  const [recipient, setRecipient] = useState(() => recipientOf(chosen));
  const [sender, setSender] = useState({ name: '', phone: '', address: '' });
  const [remark, setRemark] = useState('');
  const [method, setMethod] = useState('');
  const [errors, setErrors] = useState({});
  const [submitting, setSubmitting] = useState(false);
  const key = useRef(newKey());

  useEffect(() => {
    dispatch(cartFetched());
    if (chosen) return;
    // No recipient chosen: start from the default address, if any.
    call((api) => fetchAddresses(api))
      .then((list) => {
        const preferred = list.find((a) => Number(a.is_default) === 1) || list[0];
        if (preferred) setRecipient((r) => (r.shipping_name ? r : recipientOf(preferred)));
      })
      .catch(() => {});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const methods = useMemo(() => availableMethods(recipient.shipping_country, shop), [recipient.shipping_country, shop]);
  useEffect(() => {
    if (!methods.includes(method)) setMethod(methods[0] || '');
  }, [methods, method]);
  const fee = method ? shippingFee(method, weight, recipient.shipping_city, recipient.shipping_address, shop) : 0;
  const total = roundCents(subtotal + fee);

  const change = (name, value) => setRecipient((r) => ({ ...r, [name]: value }));
  const submit = async (event) => {
    event.preventDefault();
    const found = validateRecipient(recipient);
    if (!methods.length) found.shipping_type = 'checkout.noShippingBlocked';
    setErrors(found);
    if (Object.keys(found).length) {
      if (found.shipping_type) notify('error', t('checkout.noShippingBlocked'));
      return;
    }
    setSubmitting(true);
    try {
      const order = await call((api) => createOrder(api, orderPayload({ items, recipient, sender, remark, method, subtotal, fee, weight, quantity }), key.current));
      await dispatch(cartEmptied());
      navigate(`/order-summary/${encodeURIComponent(order.order_number)}`);
    } catch (error) {
      if (error.code === 'prices_changed') {
        // Nothing was created and the cart is intact: show the message and the current prices.
        notify('error', error.message);
        dispatch(cartFetched());
      } else if (error.status === 422 || error.status === 409) {
        const fields = serverErrors(error);
        setErrors(fields);
        notify('error', error.message);
      } else if (error.status && error.status !== 401) {
        notify('error', error.message);
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (!items.length) {
    return (
      <section className="mx-auto max-w-md py-16 text-center" data-testid="checkout-empty">
        <p className="text-gray-600">{t('checkout.emptyCart')}</p>
        <Link to="/" className="mt-6 inline-block rounded-full bg-gray-900 px-5 py-2.5 text-sm text-white">{t('cart.continue')}</Link>
      </section>
    );
  }

  const input = 'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm';
  return (
    <form onSubmit={submit} noValidate className="grid gap-6 pt-6 lg:grid-cols-[1fr_24rem]" data-testid="checkout-page">
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold">{t('checkout.title')}</h1>
        <fieldset className="rounded-xl bg-white p-5 ring-1 ring-gray-100">
          <legend className="px-1 font-semibold">{t('checkout.sender')}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="block text-sm" htmlFor="sender-name"><span className="text-gray-700">{t('checkout.name')}</span>
              <input id="sender-name" name="sender-name" value={sender.name} onChange={(e) => setSender({ ...sender, name: e.target.value })} className={input} /></label>
            <label className="block text-sm" htmlFor="sender-phone"><span className="text-gray-700">{t('checkout.phone')}</span>
              <input id="sender-phone" name="sender-phone" inputMode="tel" value={sender.phone} onChange={(e) => setSender({ ...sender, phone: e.target.value })} className={input} /></label>
            <label className="block text-sm sm:col-span-2" htmlFor="sender-address"><span className="text-gray-700">{t('checkout.address')}</span>
              <input id="sender-address" name="sender-address" value={sender.address} onChange={(e) => setSender({ ...sender, address: e.target.value })} className={input} /></label>
          </div>
        </fieldset>
        <fieldset className="rounded-xl bg-white p-5 ring-1 ring-gray-100">
          <legend className="px-1 font-semibold">{t('checkout.recipient')}</legend>
          <div className="mb-3 flex justify-end">
            <Link to="/choose-address" className="rounded-lg px-3 py-1.5 text-sm ring-1 ring-gray-300 hover:bg-gray-50" data-testid="choose-recipient">{t('checkout.chooseRecipient')}</Link>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            {FIELDS.map(([id, name, label]) => (
              <div key={id} className={name === 'shipping_address' ? 'sm:col-span-2' : ''}>
                <AddressField id={id} name={name} label={t(label)} value={recipient[name]} error={errors[name]} onChange={change} t={t} />
              </div>
            ))}
            <label className="block text-sm sm:col-span-2" htmlFor="order-remark"><span className="text-gray-700">{t('checkout.remark')}</span>
              <textarea id="order-remark" name="order-remark" rows={2} value={remark} onChange={(e) => setRemark(e.target.value)} className={input} /></label>
          </div>
        </fieldset>
        <fieldset className="rounded-xl bg-white p-5 ring-1 ring-gray-100">
          <legend className="px-1 font-semibold">{t('checkout.shippingMethod')}</legend>
          <select id="shipping-method" aria-label={t('checkout.shippingMethod')} value={method} onChange={(e) => setMethod(e.target.value)} disabled={!methods.length}
            className="w-full rounded-lg border border-gray-300 px-3 py-2 text-sm" data-testid="shipping-method">
            {methods.length ? methods.map((m) => <option key={m} value={m}>{t(`ship.${m}`)}</option>) : <option value="">{t('checkout.noShippingMethod')}</option>}
          </select>
          {method && shop?.[NOTES[method]] && <p className="mt-2 text-xs text-gray-500">{shop[NOTES[method]]}</p>}
          {errors.shipping_type && <p className="mt-2 text-sm text-rose-600" role="alert" data-testid="error-shipping">{t(errors.shipping_type)}</p>}
        </fieldset>
      </div>
      <aside className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-gray-100 lg:self-start" data-testid="checkout-summary">
        <h2 className="font-semibold">{t('checkout.summary')}</h2>
        <CartLines items={items} />
        <dl className="grid grid-cols-[1fr_auto] gap-y-2 border-t pt-3 text-sm">
          <dt className="text-gray-500">{t('checkout.totalQuantity')}</dt><dd data-testid="summary-quantity">{quantity}</dd>
          <dt className="text-gray-500">{t('checkout.totalWeight')}</dt><dd data-testid="summary-weight">{t('order.grams', { n: weight })}</dd>
          <dt className="text-gray-500">{t('cart.subtotal')}</dt><dd data-testid="summary-subtotal"><Price price={subtotal} /></dd>
          <dt className="text-gray-500">{t('checkout.shippingCost')}</dt><dd data-testid="summary-shipping"><Price price={fee} /></dd>
          <dt className="font-semibold">{t('checkout.total')}</dt><dd data-testid="summary-total"><Price price={total} /></dd>
        </dl>
        <button type="submit" disabled={submitting} className="w-full rounded-lg bg-rose-600 py-3 font-medium text-white hover:bg-rose-700 disabled:opacity-60" data-testid="create-order">
          {submitting ? t('checkout.creating') : t('checkout.create')}
        </button>
      </aside>
    </form>
  );
}
