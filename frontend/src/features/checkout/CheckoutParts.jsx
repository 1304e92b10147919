// The parts of the checkout screen (SPEC section 3). Form state lives in CheckoutPage's hooks.
import { Link } from 'react-router';
import { useState } from 'react';
import { useT } from '../../i18n/index.js';
import Price from '../shop/Price.jsx';
import { formatNzd } from '../../common/display.js';
import CartLines from '../cart/CartLines.jsx';
import { ChevronIcon } from '../../common/components/Icons.jsx';
import { RecipientFields } from '../addresses/RecipientFields.jsx';

const FIELDSET = 'rounded-xl bg-white p-5 ring-1 ring-gray-100';
const INPUT = 'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm';

export function EmptyCheckout() {
  const t = useT();
  return (
    <section className="mx-auto max-w-md py-16 text-center" data-testid="checkout-empty">
      <p className="text-gray-600">{t('checkout.emptyCart')}</p>
      <Link to="/" className="mt-6 inline-block rounded-full bg-gray-900 px-5 py-2.5 text-sm text-white">
        {t('cart.continue')}
      </Link>
    </section>
  );
}

function TextField({ id, label, value, onChange, wide = false, inputMode }) {
  return (
    <label className={`block text-sm${wide ? ' sm:col-span-2' : ''}`} htmlFor={id}>
      <span className="text-gray-700">{label}</span>
      <input
        id={id}
        name={id}
        inputMode={inputMode}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={INPUT}
      />
    </label>
  );
}

/** The sender is optional: folded under its title until the shopper opens it. */
export function SenderFieldset({ sender, onChange }) {
  const t = useT();
  return (
    <details className={`group ${FIELDSET}`} data-testid="sender">
      <summary
        className="flex cursor-pointer list-none items-center justify-between font-semibold"
        data-testid="sender-toggle"
      >
        <span>
          {t('checkout.sender')} <span className="text-sm font-normal text-gray-600">({t('checkout.optional')})</span>
        </span>
        <ChevronIcon className="h-4 w-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField
          id="sender-name"
          label={t('checkout.name')}
          value={sender.name}
          onChange={(v) => onChange('name', v)}
        />
        <TextField
          id="sender-phone"
          label={t('checkout.phone')}
          inputMode="tel"
          value={sender.phone}
          onChange={(v) => onChange('phone', v)}
        />
        <TextField
          id="sender-address"
          label={t('checkout.address')}
          wide
          value={sender.address}
          onChange={(v) => onChange('address', v)}
        />
      </div>
    </details>
  );
}

export function RecipientFieldset({ recipient, errors, onChange, remark, onRemarkChange, idRequired = false }) {
  const t = useT();
  return (
    <fieldset className={FIELDSET}>
      <legend className="px-1 font-semibold">{t('checkout.recipient')}</legend>
      <div className="mb-3 flex justify-end">
        <Link
          to="/choose-address"
          className="rounded-lg px-3 py-1.5 text-sm ring-1 ring-gray-300 hover:bg-gray-50"
          data-testid="choose-recipient"
        >
          {t('checkout.chooseRecipient')}
        </Link>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <RecipientFields values={recipient} errors={errors} onChange={onChange} idRequired={idRequired} />
        <label className="block text-sm sm:col-span-2" htmlFor="order-remark">
          <span className="text-gray-700">{t('checkout.remark')}</span>
          <textarea
            id="order-remark"
            name="order-remark"
            rows={2}
            value={remark}
            onChange={(e) => onRemarkChange(e.target.value)}
            className={INPUT}
          />
        </label>
      </div>
    </fieldset>
  );
}

/** The method selector with the shop's note; without a method the order is blocked (SPEC section 8). */
export function ShippingMethodFieldset({ methods, method, onChange, note, error }) {
  const t = useT();
  return (
    <fieldset className={FIELDSET}>
      <legend className="px-1 font-semibold">{t('checkout.shippingMethod')}</legend>
      <select
        id="shipping-method"
        aria-label={t('checkout.shippingMethod')}
        value={method}
        onChange={(e) => onChange(e.target.value)}
        disabled={!methods.length}
        className="w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
        data-testid="shipping-method"
      >
        {methods.length ? (
          methods.map((m) => (
            <option key={m} value={m}>
              {t(`ship.${m}`)}
            </option>
          ))
        ) : (
          <option value="">{t('checkout.noShippingMethod')}</option>
        )}
      </select>
      {note && <p className="mt-2 text-xs text-gray-500">{note}</p>}
      {error && (
        <p className="mt-2 text-sm text-rose-600" role="alert" data-testid="error-shipping">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}

/** The discount code: applied by the BFF's preview, or refused there with its reason. */
export function PromoCodeField({ promotions }) {
  const t = useT();
  const [entered, setEntered] = useState('');
  const { code, error, checking } = promotions;
  const apply = () => {
    if (entered.trim()) promotions.apply(entered);
  };
  return (
    <fieldset className={FIELDSET} data-testid="promo-code">
      <legend className="px-1 font-semibold">{t('checkout.code')}</legend>
      {code ? (
        <div className="flex items-center justify-between text-sm">
          <span className="text-emerald-700" data-testid="promo-code-applied">
            {t('checkout.codeApplied', { code })}
          </span>
          <button
            type="button"
            onClick={() => {
              setEntered('');
              promotions.remove();
            }}
            className="rounded-lg px-3 py-1.5 ring-1 ring-gray-300 hover:bg-gray-50"
            data-testid="promo-code-remove"
          >
            {t('checkout.removeCode')}
          </button>
        </div>
      ) : (
        <div className="flex gap-2">
          <input
            id="promo-code-input"
            aria-label={t('checkout.code')}
            placeholder={t('checkout.codePlaceholder')}
            value={entered}
            onChange={(e) => setEntered(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                apply();
              }
            }}
            autoCapitalize="characters"
            className="w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
            data-testid="promo-code-input"
          />
          <button
            type="button"
            onClick={apply}
            disabled={checking || !entered.trim()}
            className="whitespace-nowrap rounded-lg bg-gray-900 px-4 py-2 text-sm text-white disabled:opacity-60"
            data-testid="promo-code-apply"
          >
            {t('checkout.applyCode')}
          </button>
        </div>
      )}
      {error && (
        <p className="mt-2 text-sm text-rose-600" role="alert" data-testid="promo-code-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function OrderSummary({
  items,
  quantity,
  weight,
  subtotal,
  fee,
  fullFee = fee,
  promotions,
  total,
  yuan,
  submitting,
}) {
  const t = useT();
  const row = (label, testId, value, strong = false) => [
    <dt key={`${testId}-label`} className={strong ? 'font-semibold' : 'text-gray-500'}>
      {label}
    </dt>,
    <dd key={testId} data-testid={testId}>
      {value}
    </dd>,
  ];
  return (
    <aside className={`space-y-4 ${FIELDSET} lg:self-start`} data-testid="checkout-summary">
      <h2 className="font-semibold">{t('checkout.summary')}</h2>
      <CartLines items={items} />
      <dl className="grid grid-cols-[1fr_auto] gap-y-2 border-t pt-3 text-sm">
        {row(t('checkout.totalQuantity'), 'summary-quantity', quantity)}
        {row(t('checkout.totalWeight'), 'summary-weight', t('order.grams', { n: weight }))}
        {row(
          t('cart.subtotal'),
          'summary-subtotal',
          <Price price={subtotal} yuan={yuan.subtotal} approximate={!yuan.partsAddUp} />,
        )}
        {(promotions?.discounts ?? []).map((d) =>
          row(
            d.label,
            `summary-discount-${d.kind}`,
            <span className="text-emerald-700">−NZ${formatNzd(d.amount)}</span>,
          ),
        )}
        {row(
          t('checkout.shippingCost'),
          'summary-shipping',
          <Price
            price={fee}
            original={fee < fullFee ? fullFee : null}
            yuan={yuan.shipping}
            approximate={!yuan.partsAddUp}
          />,
        )}
        {promotions?.freeShipping &&
          row(
            promotions.freeShippingLabel || t('checkout.freeShipping'),
            'summary-free-shipping',
            <span className="text-emerald-700">−NZ${formatNzd(fullFee)}</span>,
          )}
        {row(t('checkout.total'), 'summary-total', <Price price={total} yuan={yuan.total} />, true)}
      </dl>
      {/* On a phone the sticky bar below submits. */}
      <button
        type="submit"
        disabled={submitting}
        data-testid="create-order"
        className="hidden w-full rounded-lg bg-rose-600 py-3 font-medium text-white hover:bg-rose-700 disabled:opacity-60 lg:block"
      >
        {submitting ? t('checkout.creating') : t('checkout.create')}
      </button>
    </aside>
  );
}

/** A phone's checkout: the total and the submit button stay at the bottom of the screen. */
export function CheckoutBar({ total, yuan, submitting }) {
  const t = useT();
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-40 flex items-center justify-between border-t bg-white px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] lg:hidden"
      data-testid="checkout-bar"
    >
      <div className="text-sm">
        <span className="text-gray-600">{t('checkout.total')}</span>
        <Price price={total} yuan={yuan.total} />
      </div>
      <button
        type="submit"
        disabled={submitting}
        data-testid="create-order-bar"
        className="whitespace-nowrap rounded-lg bg-rose-600 px-6 py-3 font-medium text-white hover:bg-rose-700 disabled:opacity-60"
      >
        {submitting ? t('checkout.creating') : t('checkout.create')}
      </button>
    </div>
  );
}
