import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { fetchDashboard } from '../../../api/adminOrders.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import { Panel } from '../fields.jsx';
import { money } from '../shared.js';

const SalesChart = lazy(() => import('./SalesChart.jsx'));

/** /admin/dashboard: sales and orders per day (30 days), best sellers, low stock, orders to ship. */
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
        <Panel title={t('adminOrders.dashboard.lowStock')} testId="dashboard-low-stock">
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
