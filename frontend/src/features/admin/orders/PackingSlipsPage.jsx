import { useSearchParams } from 'react-router';
import { fetchPackingSlips } from '../../../api/adminShipping.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import { Button } from '../fields.jsx';

function Slip({ slip, t }) {
  const { order } = slip;
  return (
    // One printed page per order: the page breaks after each slip.
    <section
      className="break-after-page rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-100 print:rounded-none print:p-0 print:shadow-none print:ring-0"
      data-testid="packing-slip"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">{t('adminShipping.slipTitle')}</h2>
          <p className="font-mono text-base" data-testid="slip-number">
            {order.order_number}
          </p>
        </div>
        <img src={slip.qr_code} alt={order.order_number} width="112" height="112" className="h-28 w-28" />
      </div>
      <div className="mt-3 text-sm">
        <p className="font-medium">
          {order.shipping_name} · {order.shipping_contact}
        </p>
        <p>{slip.place}</p>
        <p>{order.shipping_address}</p>
        <p className="text-gray-600">{t(`adminOrders.shipping.${order.shipping_type}`)}</p>
      </div>
      <table className="mt-4 w-full text-left text-sm">
        <thead className="border-b border-gray-300 text-xs text-gray-500">
          <tr>
            <th className="py-1">SKU</th>
            <th className="py-1">{t('adminOrders.detail.lines')}</th>
            <th className="py-1 text-right">{t('adminShipping.quantity')}</th>
            <th className="w-10 py-1 text-right">✓</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {order.order_details.map((line) => (
            <tr key={line.id}>
              <td className="py-1 font-mono">{line.sku || '—'}</td>
              <td className="py-1">
                {line.product_name}
                {line.variant_name && ` (${line.variant_name})`}
              </td>
              <td className="py-1 text-right">{line.quantity}</td>
              <td className="py-1 text-right">☐</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-right text-sm">{t('adminShipping.slipTotal', { n: order.total_quantity })}</p>
      {order.user_remark && (
        <p className="mt-2 text-sm text-gray-600">
          {t('adminOrders.detail.remark')}: {order.user_remark}
        </p>
      )}
    </section>
  );
}

/** /admin/packing-slips?numbers=A,B: one printable page per order, with its number as a QR code. */
export default function PackingSlipsPage() {
  const t = useT();
  const [params] = useSearchParams();
  const numbers = (params.get('numbers') || '').split(',').filter(Boolean);
  const slips = useRemote((api) => fetchPackingSlips(api, numbers), [numbers.join(',')]);
  if (slips.error && !slips.data) return <p className="text-sm text-rose-700">{slips.error.message}</p>;
  if (!slips.data) return <p className="text-sm text-gray-500">{t('admin.loading')}</p>;
  return (
    <div className="space-y-4 print:space-y-0" data-testid="packing-slips">
      <div className="flex items-center justify-between gap-2 print:hidden">
        <h1 className="text-xl font-semibold">{t('adminShipping.slips', { n: slips.data.length })}</h1>
        <Button kind="primary" onClick={() => window.print()} data-testid="print-slips">
          {t('adminShipping.print')}
        </Button>
      </div>
      {slips.data.map((slip) => (
        <Slip key={slip.order.order_number} slip={slip} t={t} />
      ))}
    </div>
  );
}
