import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { fetchDashboard } from '../../../api/adminOrders.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import { Panel } from '../fields.jsx';
import { money } from '../shared.js';

const SalesChart = lazy(() => import('./SalesChart.jsx'));

const PERIODS = ['today', 'yesterday', 'week', 'month'];
// Each count's link: the order list filtered to the same orders (bff/orders/today.py `counts`).
const COUNT_LINKS = {
  to_ship: '/admin/orders?status=paid',
  awaiting_confirmation: '/admin/orders?claimed=1',
  money_to_refund: '/admin/orders?held=1',
  refunds_to_handle: '/admin/orders?refund_abnormal=1',
};

/** Today's figures: sales per period in NZ$ and yuan, and the orders that ask for the owner. */
export function Today({ today, t }) {
  return (
    <Panel title={t('adminOrders.today.title', { date: today.date, zone: today.time_zone })} testId="dashboard-today">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {PERIODS.map((name) => {
          const sales = today.sales[name];
          return (
            <div key={name} className="rounded-md bg-gray-50 p-2" data-testid={`sales-${name}`}>
              <dt className="text-xs text-gray-500">{t(`adminOrders.today.${name}`)}</dt>
              <dd className="text-lg font-semibold">NZ${money(sales.nzd)}</dd>
              <dd className="text-xs text-gray-600">
                ¥{Number(sales.cny).toFixed(1)} · {t('adminOrders.today.orders', { n: sales.orders })}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-2 text-xs text-gray-500">{t('adminOrders.today.rule')}</p>
      <ul className="mt-3 flex flex-wrap gap-2 text-sm">
        {Object.entries(COUNT_LINKS).map(([name, to]) => (
          <li key={name}>
            <Link
              to={to}
              className="inline-block rounded-full bg-rose-50 px-3 py-1 text-rose-700 hover:underline"
              data-testid={`count-${name}`}
            >
              {t(`adminOrders.today.${name}`, { n: today.counts[name] })}
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** /admin/dashboard: today's figures, sales and orders per day (30 days), best sellers, low stock, orders to ship. */
export default function DashboardPage() {
  const t = useT();
  const board = useRemote(fetchDashboard, []);
  if (board.error && !board.data) return <p className="text-sm text-rose-700">{board.error.message}</p>;
  if (!board.data) return <p className="text-sm text-gray-500">{t('admin.loading')}</p>;
  const { days, top_products: top, low_stock: low, to_ship: toShip, to_ship_count: toShipCount } = board.data;
  const held = board.data.money_held || [];
  const awaiting = board.data.awaiting_confirmation || [];
  const loading = <p className="text-sm text-gray-500">{t('adminOrders.dashboard.chartLoading')}</p>;
  return (
    <div className="space-y-4" data-testid="admin-dashboard">
      <h1 className="text-xl font-semibold">{t('adminOrders.nav.dashboard')}</h1>
      {board.data.today && <Today today={board.data.today} t={t} />}
      {awaiting.length > 0 && (
        <Panel title={t('adminOrders.dashboard.awaiting', { n: awaiting.length })} testId="dashboard-awaiting">
          <ul className="space-y-1 text-sm">
            {awaiting.map((order) => (
              <li key={order.id}>
                <Link to={`/admin/orders/${order.order_number}`} className="font-mono text-rose-700 hover:underline">
                  {order.order_number}
                </Link>{' '}
                {order.shipping_name} · {money(order.total_price)}
              </li>
            ))}
          </ul>
        </Panel>
      )}
      {held.length > 0 && (
        <Panel title={t('adminOrders.dashboard.moneyHeld', { n: held.length })} testId="dashboard-money-held">
          <ul className="space-y-1 text-sm">
            {held.map((order) => (
              <li key={order.id} className="flex flex-wrap justify-between gap-2">
                <span>
                  <Link to={`/admin/orders/${order.order_number}`} className="font-mono text-rose-700 hover:underline">
                    {order.order_number}
                  </Link>{' '}
                  {order.shipping_name}
                </span>
                <span className="text-rose-700">
                  {t('adminOrders.dashboard.held', { amount: money(order.paid_amount - order.refunded_amount) })}
                </span>
              </li>
            ))}
          </ul>
        </Panel>
      )}
      <Panel title={t('adminOrders.dashboard.sales')}>
        <Suspense fallback={loading}>
          <SalesChart days={days} />
        </Suspense>
      </Panel>
      <div className="grid gap-4 md:grid-cols-3">
        <Panel title={t('adminOrders.dashboard.toShip', { n: toShipCount })} testId="dashboard-to-ship">
          {toShip.length ? (
            <ul className="space-y-1 text-sm">
              {toShip.map((order) => (
                <li key={order.id}>
                  <Link to={`/admin/orders/${order.order_number}`} className="font-mono text-rose-700 hover:underline">
                    {order.order_number}
                  </Link>{' '}
                  {order.shipping_name} · {money(order.total_price)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-500">{t('admin.empty')}</p>
          )}
        </Panel>
        <Panel title={t('adminOrders.dashboard.top')} testId="dashboard-top">
          {top.length ? (
            <ol className="space-y-1 text-sm">
              {top.map((p) => (
                <li key={`${p.product_id}-${p.name}`} className="flex justify-between gap-2">
                  <span>{p.name}</span>
                  <span className="text-gray-600">
                    {t('adminOrders.dashboard.quantity')} {p.quantity} · {money(p.sales)}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-gray-500">{t('admin.empty')}</p>
          )}
        </Panel>
        <Panel
          title={t('adminOrders.dashboard.lowStockAt', { n: board.data.today?.low_stock_threshold ?? 5 })}
          testId="dashboard-low-stock"
        >
          {low.length ? (
            <ul className="space-y-1 text-sm">
              {low.map((item) => (
                <li key={`${item.product_id}-${item.variant_id}`} className="flex justify-between gap-2">
                  <Link to={`/admin/products/${item.product_id}`} className="text-rose-700 hover:underline">
                    {item.name}
                    {item.variant_name && ` (${item.variant_name})`}
                  </Link>
                  <span>{item.stock}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-500">{t('admin.empty')}</p>
          )}
        </Panel>
      </div>
    </div>
  );
}
