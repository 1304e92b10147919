import { Link, useParams } from 'react-router';
import { useT } from '../../i18n/index.js';
import { useRemote } from '../../common/useRemote.js';
import { fetchOrder } from '../../api/orders.js';
import { thanksKey } from './status.js';
import { OrderItemsCard, PayButton, RecipientCard, StatusBadge } from './OrderParts.jsx';

/** /order-summary/{order_number}: thanks by status, lines, totals, recipient, pay when unpaid. */
export default function OrderSummaryPage() {
  const t = useT();
  const { orderNumber } = useParams();
  const { data: order, error, loaded } = useRemote((api) => fetchOrder(api, orderNumber), [orderNumber]);
  if (!loaded) return <div className="py-16" aria-busy="true" />;
  if (error || !order)
    return (
      <p className="py-16 text-center text-gray-500" data-testid="order-not-found">
        {t('order.notFound')}
      </p>
    );
  return (
    <section className="mx-auto max-w-3xl space-y-5 pt-6" data-testid="order-summary-page">
      <div className="rounded-xl bg-white p-6 text-center ring-1 ring-gray-100">
        <h1 className="text-xl font-semibold">{t('order.summaryTitle')}</h1>
        <p className="mt-2 text-gray-700" data-testid="order-thanks">
          {t(thanksKey(order.status))}
        </p>
        <p className="mt-3 text-sm text-gray-500">
          {t('order.number')}:{' '}
          <span className="font-mono text-gray-900" data-testid="order-number">
            {order.order_number}
          </span>{' '}
          <StatusBadge status={order.status} />
        </p>
        <div className="mt-4 flex justify-center gap-3">
          <PayButton order={order} className="px-5 py-2 font-medium" />
          <Link to="/" className="rounded-lg px-5 py-2 text-sm ring-1 ring-gray-300" data-testid="continue-shopping">
            {t('order.continueShopping')}
          </Link>
        </div>
      </div>
      <OrderItemsCard order={order} />
      <RecipientCard order={order} />
    </section>
  );
}
