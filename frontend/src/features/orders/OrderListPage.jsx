import { Link, useLocation, useSearchParams } from 'react-router';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { useRemote } from '../../common/useRemote.js';
import Pagination from '../../common/components/Pagination.jsx';
import ShopTime from '../shop/ShopTime.jsx';
import { listingHref } from '../../common/components/SortBar.jsx';
import { cancelOrder, fetchOrders } from '../../api/orders.js';
import { useApiCall } from '../../common/useApiCall.js';
import { isPayable, joinParts, ORDER_FILTERS } from './status.js';
import { OrderTotalPrice, PayButton, ProgressBar, StatusBadge } from './OrderParts.jsx';

/** /order-list: status filters, numbered pages, pay and cancel on unpaid orders. */
export default function OrderListPage() {
  const t = useT();
  const notify = useNotify();
  const call = useApiCall();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const status = ORDER_FILTERS.includes(params.get('status')) ? params.get('status') : 'all';
  const page = Math.max(1, Number.parseInt(params.get('page'), 10) || 1);
  const { data, loaded, reload } = useRemote((api) => fetchOrders(api, { status, page }), [status, page]);
  const orders = data?.orders || [];

  const cancel = async (order) => {
    try {
      await call((api) => cancelOrder(api, order.id));
    } catch (error) {
      if (error.status && error.status !== 401) notify('error', error.message);
      return;
    }
    // SPEC section 4: the list reloads and the notice shows even if the reload fails.
    await reload();
    notify('success', t('order.cancelled'));
  };

  return (
    <section className="space-y-4" data-testid="order-list-page">
      <h1 className="text-xl font-semibold">{t('account.orders')}</h1>
      <nav className="flex flex-wrap gap-2" aria-label={t('order.status')} data-testid="order-filters">
        {ORDER_FILTERS.map((f) => (
          <Link
            key={f}
            to={listingHref(pathname, search, { status: f === 'all' ? null : f, page: 1 })}
            aria-current={f === status ? 'true' : undefined}
            className={`rounded-full px-3 py-1.5 text-sm ${f === status ? 'bg-gray-900 text-white' : 'bg-white ring-1 ring-gray-200 hover:bg-gray-100'}`}
            data-testid={`filter-${f}`}
          >
            {t(`order.status.${f}`)}
          </Link>
        ))}
      </nav>
      {loaded && !orders.length && (
        <p className="rounded-xl bg-white py-12 text-center text-gray-500 ring-1 ring-gray-100">{t('order.empty')}</p>
      )}
      <ul className="space-y-4">
        {orders.map((order) => (
          <li
            key={order.id}
            className="rounded-xl bg-white p-5 ring-1 ring-gray-100"
            data-testid="order-card"
            data-order-number={order.order_number}
          >
            <div className="flex flex-wrap items-start justify-between gap-3 text-sm">
              <div>
                <p>
                  {t('order.number')}:{' '}
                  <span className="font-mono font-medium" data-testid="order-number">
                    {order.order_number}
                  </span>
                </p>
                <div className="mt-1 flex items-center gap-2">
                  {t('order.total')}:{' '}
                  <span data-testid="order-total">
                    <OrderTotalPrice order={order} />
                  </span>
                </div>
                <p className="text-gray-600">
                  {t('order.quantity')}: {order.total_quantity}
                </p>
              </div>
              <div className="text-right">
                <StatusBadge status={order.status} />
                <p className="mt-1 text-xs text-gray-500">
                  {t('order.updated')}: <ShopTime value={order.updated_at} data-testid="order-updated" />
                </p>
                <Link
                  to={`/order-detail/${encodeURIComponent(order.order_number)}`}
                  className="mt-1 inline-block text-rose-600 hover:underline"
                  data-testid="order-detail-link"
                >
                  {t('order.detail')}
                </Link>
              </div>
            </div>
            <div className="mt-3 grid gap-2 text-sm text-gray-600 sm:grid-cols-2">
              <p>
                {t('order.recipient')}: {joinParts(order.shipping_name, order.shipping_city, order.shipping_address)}
              </p>
              {joinParts(order.sender_name, order.sender_address) && (
                <p data-testid="order-sender">
                  {t('order.sender')}: {joinParts(order.sender_name, order.sender_address)}
                </p>
              )}
            </div>
            <div className="mt-4">
              <ProgressBar status={order.status} />
            </div>
            {isPayable(order.status) && (
              <div className="mt-4 flex justify-end gap-2">
                <button
                  type="button"
                  onClick={() => cancel(order)}
                  className="rounded-lg px-4 py-1.5 text-sm ring-1 ring-gray-300 hover:bg-gray-50"
                  data-testid="order-cancel"
                >
                  {t('order.cancel')}
                </button>
                <PayButton order={order} />
              </div>
            )}
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={data?.lastPage || 1} />
    </section>
  );
}
