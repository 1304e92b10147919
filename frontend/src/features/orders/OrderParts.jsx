import { Fragment } from 'react';
import { Link } from 'react-router';
import Img from '../../common/components/Img.jsx';
import Price from '../shop/Price.jsx';
import { avatarImage, formatNzd } from '../../common/display.js';
import { yuanTotals } from '../../common/rules/money.js';
import { useT } from '../../i18n/index.js';
import { useSelector } from 'react-redux';
import { usePay } from '../payment/usePay.js';
import { selectExchangeRate } from '../shop/shopSlice.js';
import { isPayable, orderProgress, progressStages, statusLabelKey } from './status.js';

/** The pay button of an order awaiting payment (nothing otherwise): see usePay. */
export function PayButton({ order, className = 'px-4 py-1.5' }) {
  const { label, pay } = usePay();
  if (!isPayable(order.status)) return null;
  return (
    <button
      type="button"
      onClick={() => pay(order)}
      className={`rounded-lg bg-rose-600 text-sm text-white ${className}`}
      data-testid="order-pay"
    >
      {label}
    </button>
  );
}

export function StatusBadge({ status }) {
  const t = useT();
  const tone =
    {
      paid: 'bg-emerald-100 text-emerald-800',
      completed: 'bg-sky-100 text-sky-800',
      cancelled: 'bg-gray-200 text-gray-600',
    }[status] || 'bg-amber-100 text-amber-800';
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-medium ${tone}`} data-testid="order-status">
      {t(statusLabelKey(status))}
    </span>
  );
}

/** The progress bar: width (value*2+1)/8, a grey cancelled variant, and the four stages. */
export function ProgressBar({ status }) {
  const t = useT();
  const { percent, cancelled } = orderProgress(status);
  const stages = progressStages(status);
  return (
    <div data-testid="order-progress" data-cancelled={cancelled ? 'true' : undefined}>
      <div className="h-2 overflow-hidden rounded-full bg-gray-200">
        <div
          className={`h-full rounded-full ${cancelled ? 'bg-gray-400' : 'bg-rose-600'}`}
          style={{ width: percent }}
          data-testid="order-progress-bar"
        />
      </div>
      <ol className="mt-2 grid grid-cols-4 text-xs">
        {stages.map((s, i) => (
          <li
            key={s.key + i}
            className={`${i === 0 ? 'text-left' : i === 3 ? 'text-right' : 'text-center'} ${s.reached && !cancelled ? 'text-rose-700' : 'text-gray-500'}`}
          >
            {t(s.key)}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * Order lines: image, name linking to /product/{id}, final price in yuan (at the order's rate,
 * marked approximate when the lines don't add up to the total) and NZ dollars, quantity.
 */
export function OrderLines({ lines, order = null }) {
  const t = useT();
  const yuan = useOrderYuan(order);
  if (!lines?.length)
    return (
      <p className="py-6 text-center text-gray-500" data-testid="order-no-items">
        {t('order.noItems')}
      </p>
    );
  return (
    <ul className="divide-y divide-gray-100" data-testid="order-lines">
      {lines.map((line) => {
        const product = line.product;
        const image = product ? avatarImage(product) || product.images?.[0] : null;
        const name = line.variant_name ? `${line.product_name} (${line.variant_name})` : line.product_name;
        return (
          <li key={line.id} className="flex items-center gap-3 py-3" data-testid="order-line">
            <div className="h-14 w-14 shrink-0 overflow-hidden rounded-lg bg-gray-50">
              <Img
                src={image?.path}
                alt={product?.imageAlt || line.product_name}
                width={56}
                height={56}
                className="h-full w-full object-cover"
              />
            </div>
            <div className="min-w-0 flex-1 text-sm">
              {product?.id ? (
                <Link to={`/product/${product.id}`} className="font-medium hover:underline">
                  {name}
                </Link>
              ) : (
                <span className="font-medium">{name}</span>
              )}
              <Price
                price={line.final_price}
                rate={order?.exchange_rate}
                approximate={yuan ? !yuan.linesAddUp || !yuan.partsAddUp : false}
              />
            </div>
            <span className="text-sm text-gray-600" data-testid="order-line-quantity">
              × {line.quantity}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The order's yuan at its own rate (rules/yuan_cases.json): the total is the BFF's `yuan_total`
 * (once from the NZ$ total, what a yuan charge takes); null without an order.
 */
export function useOrderYuan(order) {
  const shopRate = useSelector(selectExchangeRate);
  if (!order) return null;
  const rate = order.exchange_rate ?? shopRate;
  const lines = (order.order_details || []).map((line) => [line.final_price, line.quantity]);
  const yuan = yuanTotals(lines, rate, order.shipping_cost);
  if (order.yuan_total == null) return yuan;
  const total = Number(order.yuan_total);
  return {
    ...yuan,
    total,
    partsAddUp: yuan.partsAddUp && Math.round((yuan.subtotal + yuan.shipping) * 10) === Math.round(total * 10),
  };
}

/** The order's total in yuan (once from its NZ$ total, at its rate) and NZ dollars. */
export function OrderTotalPrice({ order }) {
  return <Price price={order.total_price} yuan={useOrderYuan(order)?.total} />;
}

/** Quantity, weight (free-shipping items count 0), subtotal, what each promotion saved, shipping and total. */
export function OrderTotals({ order, showWeight = true }) {
  const t = useT();
  const yuan = useOrderYuan(order);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm" data-testid="order-totals">
      <dt className="text-gray-500">{t('order.quantity')}</dt>
      <dd>{order.total_quantity}</dd>
      {showWeight && (
        <>
          <dt className="text-gray-500">{t('order.weight')}</dt>
          <dd data-testid="order-weight">{t('order.grams', { n: order.total_weight ?? 0 })}</dd>
        </>
      )}
      <dt className="text-gray-500">{t('order.subtotal')}</dt>
      <dd>
        <Price price={order.total_amount} yuan={yuan?.subtotal} approximate={yuan ? !yuan.partsAddUp : false} />
      </dd>
      {(order.discounts || []).map((d) => [
        <dt key={`${d.kind}-label`} className="text-gray-500">
          {d.label}
        </dt>,
        <dd key={d.kind} className="text-emerald-700" data-testid={`order-discount-${d.kind}`}>
          −NZ${formatNzd(d.amount)}
        </dd>,
      ])}
      <dt className="text-gray-500">{t('checkout.shippingCost')}</dt>
      <dd data-testid="order-shipping">
        <Price price={order.shipping_cost} yuan={yuan?.shipping} approximate={yuan ? !yuan.partsAddUp : false} />
      </dd>
      <dt className="font-semibold">{t('checkout.total')}</dt>
      <dd data-testid="order-total">
        <Price price={order.total_price} yuan={yuan?.total} />
      </dd>
    </dl>
  );
}

export function RecipientInfo({ order }) {
  const t = useT();
  const rows = [
    ['checkout.name', order.shipping_name],
    ['order.recipientId', order.shipping_id],
    ['order.contact', order.shipping_contact],
    ['checkout.country', order.shipping_country],
    ['checkout.city', order.shipping_city],
    ['checkout.address', order.shipping_address],
    ['order.remark', order.user_remark],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="order-recipient">
      {rows.map(([k, v]) => (
        <Fragment key={k}>
          <dt className="text-gray-500">{t(k)}</dt>
          <dd>{v || '—'}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

const CARD = 'rounded-xl bg-white p-6 ring-1 ring-gray-100';

/** The order's lines and totals in a card, under `title` when one is given. */
export function OrderItemsCard({ order, title }) {
  return (
    <div className={CARD}>
      {title && <h2 className="mb-2 font-semibold">{title}</h2>}
      <OrderLines lines={order.order_details} order={order} />
      <div className="mt-4 border-t pt-4">
        <OrderTotals order={order} />
      </div>
    </div>
  );
}

export function RecipientCard({ order }) {
  const t = useT();
  return (
    <div className={CARD}>
      <h2 className="mb-3 font-semibold">{t('order.recipient')}</h2>
      <RecipientInfo order={order} />
    </div>
  );
}
