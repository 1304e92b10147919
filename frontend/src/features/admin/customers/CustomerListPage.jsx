import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { listCustomers } from '../../../api/adminOrders.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import { SearchForm, Select } from '../fields.jsx';
import { money, withFilter } from '../shared.js';
import { ListFooter, ListTable } from '../ListTable.jsx';

/** /admin/customers: the shop's shoppers with their level, orders and spend; search and the blocked filter in the URL. */
export default function CustomerListPage() {
  const t = useT();
  const { search } = useLocation();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') || '';
  const blocked = params.get('blocked') || '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [q, setQ] = useState(query);
  const list = useRemote((api) => listCustomers(api, { q: query, blocked, page }), [search]);
  const filter = (name, value) => setParams((current) => withFilter(current, name, value));
  const rows = list.data?.data || [];
  return (
    <div className="space-y-4" data-testid="admin-customers">
      <h1 className="text-xl font-semibold">{t('adminCustomers.nav')}</h1>
      <div className="grid grid-cols-2 gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-gray-100 md:grid-cols-4">
        <SearchForm
          label={t('adminCustomers.search')}
          value={q}
          onChange={setQ}
          onSearch={(text) => filter('q', text)}
          testId="customers-q"
        />
        <Select
          label={t('adminCustomers.filter.blocked')}
          name="blocked"
          value={blocked}
          onChange={filter}
          empty={t('admin.filter.any')}
          options={[
            { value: 'true', label: t('admin.filter.yes') },
            { value: 'false', label: t('admin.filter.no') },
          ]}
        />
      </div>
      {list.error && <p className="text-sm text-rose-700">{list.error.message}</p>}
      <ListTable
        list={list}
        empty={!rows.length}
        head={
          <>
            <th className="px-3 py-2">{t('adminCustomers.col.name')}</th>
            <th className="px-3 py-2">{t('adminCustomers.col.email')}</th>
            <th className="hidden px-3 py-2 md:table-cell">{t('adminCustomers.col.level')}</th>
            <th className="px-3 py-2 text-right">{t('adminCustomers.col.orders')}</th>
            <th className="hidden px-3 py-2 text-right md:table-cell">{t('adminCustomers.col.spent')}</th>
          </>
        }
      >
        <tbody>
          {rows.map((customer) => (
            <tr key={customer.id} className="border-t border-gray-100" data-testid="customer-row">
              <td className="px-3 py-2">
                <Link to={`/admin/customers/${customer.id}`} className="text-rose-700 hover:underline">
                  {customer.name}
                </Link>
                {customer.blocked && (
                  <span className="ml-2 rounded bg-rose-100 px-1.5 text-xs text-rose-700">
                    {t('adminCustomers.blocked')}
                  </span>
                )}
              </td>
              <td className="px-3 py-2">{customer.email}</td>
              <td className="hidden px-3 py-2 md:table-cell">
                {customer.member_level?.name || t('adminCustomers.noLevel')}
                {customer.is_special_member && ` · ${t('adminCustomers.special')}`}
              </td>
              <td className="px-3 py-2 text-right">{customer.orders_count}</td>
              <td className="hidden px-3 py-2 text-right md:table-cell">{money(customer.total_spent)}</td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <ListFooter list={list} page={page} />
    </div>
  );
}
