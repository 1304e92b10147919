import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { exportOrdersCsv, listAdminOrders, ORDER_FILTERS } from '../../../api/adminOrders.js';
import { useApiCall } from '../../../common/useApiCall.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import ShopTime from '../../shop/ShopTime.jsx';
import { useNotify } from '../../ui/useNotify.js';
import { Button, Checkbox, SearchForm, Select, TextField } from '../fields.jsx';
import { money, withFilter } from '../shared.js';
import { ListFooter, ListTable } from '../ListTable.jsx';

export const STATUSES = ['unpaid', 'payment_failed', 'paid', 'completed', 'cancelled'];
export const PAYMENT_METHODS = ['none', 'manual', 'sandbox', 'wechat_pay', 'alipay'];
export const SHIPPING_TYPES = ['oversea-direct', 'local-direct', 'local-pick'];

/** The payment method's label (none: not paid yet). */
export const paymentLabel = (t, method) => t(`adminOrders.payment.${method || 'none'}`);

/** /admin/orders: search, filters (kept in the URL), one page of the BFF, and the CSV of all found. */
export default function OrderListPage() {
  const t = useT();
  const call = useApiCall();
  const notify = useNotify();
  const { search } = useLocation();
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(ORDER_FILTERS.map((name) => [name, params.get(name) || '']));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [q, setQ] = useState(filters.q);
  const list = useRemote((api) => listAdminOrders(api, { ...filters, page }), [search]);
  const filter = (name, value) => setParams((current) => withFilter(current, name, value));

  const download = async () => {
    try {
      const blob = await call((api) => exportOrdersCsv(api, filters));
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'orders.csv';
      a.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      notify('error', error.message);
    }
  };

  const rows = list.data?.data || [];
  return (
    <div className="space-y-4" data-testid="admin-orders">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t('adminOrders.nav.orders')}</h1>
        <Button onClick={download} data-testid="orders-export">
          {t('adminOrders.export')}
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-gray-100 md:grid-cols-6">
        <SearchForm
          label={t('adminOrders.search')}
          value={q}
          onChange={setQ}
          onSearch={(text) => filter('q', text)}
          testId="orders-q"
        />
        <Select
          label={t('adminOrders.filter.status')}
          name="status"
          value={filters.status}
          onChange={filter}
          empty={t('admin.filter.any')}
          options={STATUSES.map((s) => ({ value: s, label: t(`order.status.${s}`) }))}
        />
        <Select
          label={t('adminOrders.filter.payment')}
          name="payment_method"
          value={filters.payment_method}
          onChange={filter}
          empty={t('admin.filter.any')}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: paymentLabel(t, m) }))}
        />
        <TextField
          label={t('adminOrders.filter.from')}
          name="date_from"
          type="date"
          value={filters.date_from}
          onChange={filter}
        />
        <TextField
          label={t('adminOrders.filter.to')}
          name="date_to"
          type="date"
          value={filters.date_to}
          onChange={filter}
        />
        <Select
          label={t('adminOrders.filter.shipping')}
          name="shipping_type"
          value={filters.shipping_type}
          onChange={filter}
          empty={t('admin.filter.any')}
          options={SHIPPING_TYPES.map((m) => ({ value: m, label: t(`adminOrders.shipping.${m}`) }))}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <Checkbox
          label={t('adminOrders.filter.claimed')}
          name="claimed"
          checked={filters.claimed === '1'}
          onChange={(name, on) => filter(name, on ? '1' : '')}
        />
        <Checkbox
          label={t('adminOrders.filter.held')}
          name="held"
          checked={filters.held === '1'}
          onChange={(name, on) => filter(name, on ? '1' : '')}
        />
        <Checkbox
          label={t('adminOrders.filter.refund_abnormal')}
          name="refund_abnormal"
          checked={filters.refund_abnormal === '1'}
          onChange={(name, on) => filter(name, on ? '1' : '')}
        />
        {filters.tag && (
          <button
            type="button"
            className="rounded-full bg-gray-100 px-2 py-0.5 text-xs"
            onClick={() => filter('tag', '')}
            data-testid="tag-filter"
          >
            #{filters.tag} ✕
          </button>
        )}
      </div>
      {list.error && <p className="text-sm text-rose-700">{list.error.message}</p>}
      <ListTable
        list={list}
        empty={!rows.length}
        head={
          <>
            <th className="px-3 py-2">{t('adminOrders.col.number')}</th>
            <th className="hidden px-3 py-2 md:table-cell">{t('adminOrders.col.date')}</th>
            <th className="px-3 py-2">{t('adminOrders.col.status')}</th>
            <th className="hidden px-3 py-2 md:table-cell">{t('adminOrders.col.customer')}</th>
            <th className="px-3 py-2">{t('adminOrders.col.recipient')}</th>
            <th className="px-3 py-2 text-right">{t('adminOrders.col.total')}</th>
            <th className="hidden px-3 py-2 md:table-cell">{t('adminOrders.col.payment')}</th>
          </>
        }
      >
        <tbody>
          {rows.map((order) => (
            <tr key={order.id} className="border-t border-gray-100" data-testid="order-row">
              <td className="px-3 py-2 font-mono">
                <Link to={`/admin/orders/${order.order_number}`} className="text-rose-700 hover:underline">
                  {order.order_number}
                </Link>
                {order.tags?.length > 0 && (
                  <span className="mt-1 flex flex-wrap gap-1 font-sans" data-testid="order-tags">
                    {order.tags.map((tag) => (
                      <button
                        key={tag}
                        type="button"
                        className="rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-700"
                        onClick={() => filter('tag', tag)}
                      >
                        #{tag}
                      </button>
                    ))}
                  </span>
                )}
              </td>
              <td className="hidden px-3 py-2 md:table-cell">
                <ShopTime value={order.datetime} className="text-gray-600" />
              </td>
              <td className="px-3 py-2" data-testid="order-status">
                {t(`order.status.${order.status}`)}
                {order.payment_claimed_at && ['unpaid', 'payment_failed'].includes(order.status) && (
                  <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
                    {t('adminOrders.awaiting')}
                  </span>
                )}
              </td>
              <td className="hidden px-3 py-2 md:table-cell">{order.customer_email}</td>
              <td className="px-3 py-2">
                {order.shipping_name}
                <span className="block text-xs text-gray-500">{order.shipping_contact}</span>
              </td>
              <td className="px-3 py-2 text-right">{money(order.total_price)}</td>
              <td className="hidden px-3 py-2 md:table-cell">{paymentLabel(t, order.payment_method)}</td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <ListFooter list={list} page={page} />
    </div>
  );
}
