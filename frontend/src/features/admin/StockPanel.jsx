import { useState } from 'react';
import { adjustStock, fetchStockLedger } from '../../api/admin.js';
import { useApiCall } from '../../common/useApiCall.js';
import { useRemote } from '../../common/useRemote.js';
import { useT } from '../../i18n/index.js';
import ShopTime from '../shop/ShopTime.jsx';
import { serverFieldErrors } from '../account/AuthForm.jsx';
import { useNotify } from '../ui/useNotify.js';
import { Button, IntegerField, Panel, Select, TextField } from './fields.jsx';
import PagedNav from './PagedNav.jsx';

const START = { variant_id: '', mode: 'delta', amount: '', reason: '' };

/**
 * Stock of a saved product: an adjustment with a reason (one variant's, or the product's own when
 * it has none), by a change or to a level, and the ledger of every movement, newest first.
 */
export default function StockPanel({ product, onProduct }) {
  const t = useT();
  const notify = useNotify();
  const call = useApiCall();
  const [form, setForm] = useState(START);
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(1);
  const ledger = useRemote((api) => fetchStockLedger(api, product.id, page), [product.id, page]);
  const variants = product.variants || [];
  const names = Object.fromEntries(variants.map((v) => [v.id, v.name]));
  const change = (name, value) => {
    setForm((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name === 'amount' ? form.mode : name]: undefined }));
  };

  const submit = async (event) => {
    event.preventDefault();
    const found = {};
    if (variants.length && !form.variant_id) found.variant_id = t('admin.stock.chooseVariant');
    if (!/^-?\d+$/.test(form.amount.trim())) found[form.mode] = t('admin.error.integer');
    if (!form.reason.trim()) found.reason = t('admin.stock.reasonRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const variant = variants.find((v) => String(v.id) === String(form.variant_id));
    // A new level is set over the level shown: a sale made meanwhile makes it a 409, never lost.
    const expected = form.mode === 'level' ? { expected: (variant || product).virtual_inventory } : {};
    try {
      const { product: next, change: moved } = await call((api) =>
        adjustStock(
          api,
          product.id,
          {
            variant_id: form.variant_id ? Number(form.variant_id) : null,
            [form.mode]: Number(form.amount),
            ...expected,
            reason: form.reason.trim(),
          },
          product.version,
        ),
      );
      onProduct(next);
      notify('success', t('admin.stock.done', { before: moved.before, after: moved.after }));
      setForm({ ...START, variant_id: form.variant_id });
      setPage(1);
      ledger.reload();
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(Object.keys(fields).length ? fields : { reason: error.message });
    } finally {
      setBusy(false);
    }
  };

  const rows = ledger.data?.data || [];
  return (
    <Panel title={t('admin.section.stock')} testId="stock-panel">
      <p className="mb-3 text-sm text-gray-600">
        {t('admin.stock.current')}: <strong data-testid="product-stock">{product.virtual_inventory}</strong>
      </p>
      <form noValidate onSubmit={submit} className="grid grid-cols-2 gap-3 md:grid-cols-5">
        {variants.length > 0 && (
          <Select
            label={t('admin.stock.variant')}
            name="variant_id"
            value={form.variant_id}
            onChange={change}
            empty={t('admin.stock.chooseVariant')}
            options={variants.map((v) => ({ value: String(v.id), label: `${v.name} (${v.virtual_inventory})` }))}
            error={errors.variant_id}
          />
        )}
        <Select
          label={t('admin.stock.mode')}
          name="mode"
          value={form.mode}
          onChange={change}
          options={[
            { value: 'delta', label: t('admin.stock.delta') },
            { value: 'level', label: t('admin.stock.level') },
          ]}
        />
        <IntegerField
          label={t(form.mode === 'delta' ? 'admin.stock.delta' : 'admin.stock.level')}
          name="amount"
          value={form.amount}
          onChange={change}
          error={errors[form.mode]}
        />
        <TextField
          label={t('admin.stock.reason')}
          name="reason"
          value={form.reason}
          onChange={change}
          error={errors.reason}
        />
        <div className="flex items-end">
          <Button kind="primary" type="submit" disabled={busy}>
            {t('admin.stock.apply')}
          </Button>
        </div>
      </form>
      <h3 className="mb-2 mt-6 text-sm font-semibold">{t('admin.stock.ledger')}</h3>
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm" data-testid="stock-ledger">
          <thead className="text-xs text-gray-500">
            <tr>
              <th className="py-1 pr-3">{t('admin.audit.at')}</th>
              <th className="py-1 pr-3">{t('admin.stock.variant')}</th>
              <th className="py-1 pr-3">{t('admin.stock.delta')}</th>
              <th className="py-1 pr-3">{t('admin.stock.kind')}</th>
              <th className="py-1 pr-3">{t('admin.stock.reason')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((m) => (
              <tr key={m.id}>
                <td className="whitespace-nowrap py-1 pr-3">
                  <ShopTime value={m.at} />
                </td>
                <td className="py-1 pr-3">{m.variant_id ? names[m.variant_id] || `#${m.variant_id}` : '—'}</td>
                <td className={`py-1 pr-3 ${m.delta < 0 ? 'text-rose-600' : 'text-emerald-700'}`}>
                  {m.delta > 0 ? `+${m.delta}` : m.delta}
                </td>
                <td className="py-1 pr-3">{t(`admin.movement.${m.reason}`)}</td>
                <td className="py-1 pr-3">{m.note || (m.order_id ? `#${m.order_id}` : '')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PagedNav page={ledger.data} onPage={setPage} />
    </Panel>
  );
}
