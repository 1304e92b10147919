import { Link, useParams } from 'react-router';
import { useT } from '../../i18n/index.js';
import { useRemote } from '../../common/useRemote.js';
import { fetchOrder } from '../../api/orders.js';
import { fetchRefunds } from '../../api/payment.js';
import Price from '../shop/Price.jsx';
import { OrderItemsCard, PayButton, RecipientCard, StatusBadge } from './OrderParts.jsx';

const MAY_HAVE_REFUNDS = ['paid', 'completed', 'cancelled'];

/**
 * The order's refunds with their state (processing at the provider, refunded, failed); nothing when none.
 * An abnormal refund (stuck at the provider, being finished by the shop) reads as in progress: the money is on its way.
 */
function RefundsCard({ orderNumber }) {
  const t = useT();
  const { data: refunds } = useRemote((api) => fetchRefunds(api, orderNumber), [orderNumber]);
  if (!refunds?.length) return null;
  return (
    <div className="rounded-xl bg-white p-6 ring-1 ring-gray-100" data-testid="order-refunds">
      <h2 className="mb-2 font-semibold">{t('order.refunds')}</h2>
      <ul className="space-y-1 text-sm">
        {refunds.map((refund, i) => (
          <li key={i} className="flex justify-between gap-3" data-testid="order-refund">
            <Price price={refund.amount} />
            <span className={refund.status === 'failed' ? 'text-rose-700' : 'text-gray-700'}>
              {t(`order.refundState.${refund.status}`)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /order-detail/{order_number} (SPEC section 2). */
export default function OrderDetailPage() {
  const t = useT();
  const { id } = useParams();
  const { data: order, error, loaded } = useRemote((api) => fetchOrder(api, id), [id]);
  if (!loaded) return <div className="py-16" aria-busy="true" />;
  if (error || !order) {
    return (
      <section className="rounded-xl bg-white p-6 ring-1 ring-gray-100">
        <p className="text-gray-500" data-testid="order-not-found">
          {t('order.notFound')}
        </p>
        <Link to="/order-list" className="mt-4 inline-block text-sm text-rose-600 hover:underline">
          {t('order.backToList')}
        </Link>
      </section>
    );
  }
  return (
    <section className="space-y-5" data-testid="order-detail-page">
      <div className="rounded-xl bg-white p-6 ring-1 ring-gray-100">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-lg font-semibold">
            {t('order.number')}:{' '}
            <span className="font-mono" data-testid="order-number">
              {order.order_number}
            </span>
          </h1>
          <div className="flex items-center gap-3">
            <StatusBadge status={order.status} />
            <PayButton order={order} />
          </div>
        </div>
        {order.status === 'completed' && (
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="order-shipment">
            <dt className="text-gray-500">{t('order.courier')}</dt>
            <dd data-testid="order-courier">{order.shipping_company || '—'}</dd>
            <dt className="text-gray-500">{t('order.tracking')}</dt>
            <dd data-testid="order-tracking">{order.tracking_number || '—'}</dd>
          </dl>
        )}
      </div>
      {MAY_HAVE_REFUNDS.includes(order.status) && <RefundsCard orderNumber={order.order_number} />}
      <OrderItemsCard order={order} title={t('order.items')} />
      <RecipientCard order={order} />
      <Link
        to="/order-list"
        className="inline-block text-sm text-rose-600 hover:underline"
        data-testid="back-to-orders"
      >
        {t('order.backToList')}
      </Link>
    </section>
  );
}
