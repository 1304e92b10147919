import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { deleteProduct, listProducts, setProductHidden } from '../../api/admin.js';
import Img from '../../common/components/Img.jsx';
import { avatarImage } from '../../common/display.js';
import { useApiCall } from '../../common/useApiCall.js';
import { useRemote } from '../../common/useRemote.js';
import { useT } from '../../i18n/index.js';
import ShopTime from '../shop/ShopTime.jsx';
import { useNotify } from '../ui/useNotify.js';
import { fetchRefs, money, withFilter } from './shared.js';
import { Button, Select } from './fields.jsx';
import { ListFooter, ListTable } from './ListTable.jsx';

const FILTERS = ['q', 'category_id', 'brand_id', 'sold_out', 'hidden'];

/** /admin/products (and /admin): every product of the shop, hidden ones too, filtered and paged by the BFF. */
export default function ProductListPage() {
  const t = useT();
  const notify = useNotify();
  const call = useApiCall();
  const { search } = useLocation();
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) || '']));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [q, setQ] = useState(filters.q);
  const [problem, setProblem] = useState(null);
  const list = useRemote((api) => listProducts(api, { ...filters, page }), [search]);
  const refs = useRemote(fetchRefs, []);

  const filter = (name, value) => setParams((current) => withFilter(current, name, value));
  const yesNo = [
    { value: '1', label: t('admin.filter.yes') },
    { value: '0', label: t('admin.filter.no') },
  ];

  const act = async (fn, done) => {
    setProblem(null);
    try {
      await call(fn);
      notify('success', done);
      await list.reload();
    } catch (error) {
      setProblem(error.message);
      notify('error', error.message);
    }
  };
  const toggle = (product) =>
    act(
      (api) => setProductHidden(api, product.id, product.is_active, product.version),
      t(product.is_active ? 'admin.product.hidden' : 'admin.product.shown'),
    );
  const remove = (product) => {
    if (!window.confirm(t('admin.product.confirmDelete', { name: product.name }))) return;
    act((api) => deleteProduct(api, product.id, product.version), t('admin.product.deleted'));
  };

  const rows = list.data?.data || [];
  return (
    <div className="space-y-4" data-testid="admin-products">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t('admin.nav.products')}</h1>
        <Link
          to="/admin/products/new"
          className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white hover:bg-gray-700"
          data-testid="new-product"
        >
          {t('admin.product.new')}
        </Link>
      </div>
      <div className="grid grid-cols-2 gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-gray-100 md:grid-cols-5">
        <form
          role="search"
          className="col-span-2 md:col-span-1"
          onSubmit={(e) => {
            e.preventDefault();
            filter('q', q.trim());
          }}
        >
          <label className="mb-1 block text-sm font-medium text-gray-700" htmlFor="admin-q">
            {t('admin.filter.q')}
          </label>
          <input
            id="admin-q"
            type="search"
            name="q"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onBlur={() => q.trim() !== filters.q && filter('q', q.trim())}
            className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm outline-none focus:border-rose-400 focus:ring-2 focus:ring-rose-200"
          />
        </form>
        <Select
          label={t('admin.field.category')}
          name="category_id"
          value={filters.category_id}
          onChange={filter}
          empty={t('admin.filter.any')}
          options={refs.data?.categories || []}
        />
        <Select
          label={t('admin.field.brand')}
          name="brand_id"
          value={filters.brand_id}
          onChange={filter}
          empty={t('admin.filter.any')}
          options={refs.data?.brands || []}
        />
        <Select
          label={t('admin.filter.soldOut')}
          name="sold_out"
          value={filters.sold_out}
          onChange={filter}
          empty={t('admin.filter.any')}
          options={yesNo}
        />
        <Select
          label={t('admin.filter.hidden')}
          name="hidden"
          value={filters.hidden}
          onChange={filter}
          empty={t('admin.filter.any')}
          options={yesNo}
        />
      </div>
      {problem && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700" data-testid="admin-problem">
          {problem}
        </p>
      )}
      {list.error && !list.data && <p className="text-sm text-rose-700">{list.error.message}</p>}
      <ListTable
        list={list}
        empty={!rows.length}
        head={
          <>
            <th className="px-3 py-2">{t('admin.field.name')}</th>
            <th className="px-3 py-2">{t('admin.field.price')}</th>
            <th className="px-3 py-2">{t('admin.field.stock')}</th>
            <th className="hidden px-3 py-2 md:table-cell">{t('admin.field.category')}</th>
            <th className="hidden px-3 py-2 md:table-cell">{t('admin.field.brand')}</th>
            <th className="px-3 py-2">{t('admin.field.status')}</th>
            <th className="px-3 py-2">
              <span className="sr-only">{t('admin.actions')}</span>
            </th>
          </>
        }
      >
        <tbody className="divide-y divide-gray-100">
          {rows.map((product) => {
            const cover = avatarImage(product);
            return (
              <tr key={product.id} data-testid="admin-product-row" data-id={product.id}>
                <td className="px-3 py-2">
                  <Link to={`/admin/products/${product.id}`} className="flex items-center gap-2 hover:underline">
                    <Img
                      src={cover?.path}
                      alt=""
                      width={40}
                      height={40}
                      className="h-10 w-10 shrink-0 rounded object-cover"
                    />
                    <span className="min-w-[8rem]">{product.name}</span>
                  </Link>
                </td>
                <td className="whitespace-nowrap px-3 py-2">
                  {money(product.price)}
                  {product.discount != null && (
                    <span className="block text-xs text-rose-600">
                      {t('admin.field.discount')} {money(product.discount)}
                    </span>
                  )}
                </td>
                <td className={`px-3 py-2 ${product.virtual_inventory === 0 ? 'text-rose-600' : ''}`}>
                  {product.virtual_inventory}
                </td>
                <td className="hidden px-3 py-2 md:table-cell">{product.category?.name || '—'}</td>
                <td className="hidden px-3 py-2 md:table-cell">{product.brand?.name || '—'}</td>
                <td className="whitespace-nowrap px-3 py-2">
                  {product.is_active && product.publish_at && new Date(product.publish_at) > new Date() ? (
                    <span className="text-amber-700" data-testid="product-scheduled">
                      {t('admin.status.scheduled')} <ShopTime value={product.publish_at} />
                    </span>
                  ) : product.is_active ? (
                    t('admin.status.shown')
                  ) : (
                    <span className="text-gray-500">{t('admin.status.hidden')}</span>
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right">
                  <Button small onClick={() => toggle(product)} data-testid="toggle-hidden">
                    {t(product.is_active ? 'admin.action.hide' : 'admin.action.show')}
                  </Button>{' '}
                  <Button small kind="danger" onClick={() => remove(product)} data-testid="delete-product">
                    {t('admin.action.delete')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </ListTable>
      <ListFooter list={list} page={page} />
    </div>
  );
}
