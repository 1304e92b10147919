import { useState } from 'react';
import { Link } from 'react-router';
import { exportCustoms, previewBulkShip, runBulkShip } from '../../../api/adminShipping.js';
import { useApiCall } from '../../../common/useApiCall.js';
import { useT } from '../../../i18n/index.js';
import { useNotify } from '../../ui/useNotify.js';
import { CsvFilePicker, useCsvUpload } from '../CsvFilePicker.jsx';
import { saveBlob } from '../download.js';
import { Button, Panel, Select } from '../fields.jsx';

/** The customs file of the orders to ship (or already shipped), as CSV or XLSX; each export is audited. */
function CustomsExport() {
  const t = useT();
  const call = useApiCall();
  const notify = useNotify();
  const [status, setStatus] = useState('paid');
  const [busy, setBusy] = useState(false);
  const run = async (format) => {
    setBusy(true);
    try {
      saveBlob(await call((api) => exportCustoms(api, { status }, format)));
    } catch (error) {
      notify('error', error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel title={t('adminShipping.customs')} testId="customs-export">
      <p className="mb-3 text-sm text-gray-600">{t('adminShipping.customsHint')}</p>
      <div className="flex flex-wrap items-end gap-2">
        <Select
          label={t('adminOrders.filter.status')}
          name="status"
          value={status}
          onChange={(_, value) => setStatus(value)}
          empty={t('adminShipping.paidAndShipped')}
          options={['paid', 'completed'].map((s) => ({ value: s, label: t(`order.status.${s}`) }))}
        />
        <Button onClick={() => run('csv')} disabled={busy} data-testid="customs-csv">
          {t('adminShipping.csv')}
        </Button>
        <Button onClick={() => run('xlsx')} disabled={busy} data-testid="customs-xlsx">
          {t('adminShipping.xlsx')}
        </Button>
      </div>
    </Panel>
  );
}

function PreviewRows({ rows, t }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm" data-testid="ship-preview">
        <thead className="bg-gray-50 text-xs text-gray-500">
          <tr>
            <th className="px-2 py-1">{t('admin.bulk.line')}</th>
            <th className="px-2 py-1">{t('adminOrders.col.number')}</th>
            <th className="px-2 py-1">{t('adminOrders.field.company')}</th>
            <th className="px-2 py-1">{t('adminOrders.field.tracking')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 align-top">
          {rows.map((row) => {
            const problems = Object.values(row.errors).flat();
            return (
              <tr key={row.line} data-testid="ship-row" className={problems.length ? 'bg-rose-50' : ''}>
                <td className="px-2 py-1">{row.line}</td>
                <td className="px-2 py-1 font-mono">
                  {row.order_number || '—'}
                  {problems.length > 0 && (
                    <ul className="font-sans text-xs text-rose-700" data-testid="ship-row-errors">
                      {problems.map((message) => (
                        <li key={message}>{message}</li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="px-2 py-1">{row.shipping_company || '—'}</td>
                <td className="px-2 py-1 font-mono">{row.tracking_number || '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A tracking file from the courier: previewed with each row's errors, then shipped all at once. */
function BulkShip() {
  const t = useT();
  const notify = useNotify();
  const { file, preview, result, problem, busy, choose, applyFile } = useCsvUpload({
    preview: previewBulkShip,
    apply: runBulkShip,
    previewAgain: (error) => error?.status === 422 || error?.status === 409,
    onApplied: (answer) => notify('success', t('adminShipping.shipped', { n: answer.ready })),
  });
  const shipped = result?.rows;

  return (
    <Panel title={t('adminShipping.bulk')} testId="bulk-ship">
      <p className="text-sm text-gray-600">{t('adminShipping.bulkHint')}</p>
      <CsvFilePicker
        file={file}
        busy={busy}
        problem={problem}
        onFile={choose}
        testId="ship-file"
        problemTestId="ship-problem"
      />
      {shipped && (
        <div className="mt-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-testid="ship-done">
          <p>{t('adminShipping.shipped', { n: shipped.length })}</p>
          <Link
            to={`/admin/packing-slips?numbers=${shipped.map((row) => row.order_number).join(',')}`}
            className="text-rose-700 underline"
          >
            {t('adminShipping.printSlips')}
          </Link>
        </div>
      )}
      {preview && (
        <div className="mt-4 space-y-3">
          <p className="text-sm" data-testid="ship-summary">
            {t('adminShipping.summary', { ready: preview.ready, failed: preview.failed })}
          </p>
          <Button
            kind="primary"
            disabled={busy || preview.failed > 0 || preview.ready === 0}
            onClick={applyFile}
            data-testid="ship-run"
          >
            {t('adminShipping.run', { n: preview.ready })}
          </Button>
          <PreviewRows rows={preview.rows} t={t} />
        </div>
      )}
    </Panel>
  );
}

/** /admin/shipping: the customs file, and shipping many orders from the courier's tracking file. */
export default function ShippingPage() {
  const t = useT();
  return (
    <div className="space-y-4" data-testid="admin-shipping">
      <h1 className="text-xl font-semibold">{t('adminShipping.nav')}</h1>
      <CustomsExport />
      <BulkShip />
    </div>
  );
}
