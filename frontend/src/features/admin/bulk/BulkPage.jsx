import { exportCatalogue, previewImport, runImport } from '../../../api/adminBulk.js';
import { useApiCall } from '../../../common/useApiCall.js';
import { useT } from '../../../i18n/index.js';
import { useNotify } from '../../ui/useNotify.js';
import { CsvFilePicker, useCsvUpload } from '../CsvFilePicker.jsx';
import { saveBlob } from '../download.js';
import { Button, Panel } from '../fields.jsx';
import { COLUMNS, columnName, importProblems, shownValue } from './bulk.js';

function Changes({ changes, preview }) {
  const entries = Object.entries(changes || {});
  if (!entries.length) return <span className="text-gray-400">—</span>;
  return (
    <ul className="space-y-0.5">
      {entries.map(([name, [before, after]]) => (
        <li key={name}>
          <span className="text-gray-500">{columnName(preview, name)}</span>:{' '}
          <s className="text-gray-400">{shownValue(before)}</s> → {shownValue(after)}
        </li>
      ))}
    </ul>
  );
}

/** The preview: every row with what it would do, its changes and its errors. */
function PreviewTable({ preview }) {
  const t = useT();
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm" data-testid="import-preview">
        <thead className="bg-gray-50 text-xs text-gray-500">
          <tr>
            <th className="px-2 py-1">{t('admin.bulk.line')}</th>
            <th className="px-2 py-1">SKU</th>
            <th className="px-2 py-1">{t('admin.field.name')}</th>
            <th className="px-2 py-1">{t('admin.bulk.action')}</th>
            <th className="px-2 py-1">{t('admin.bulk.changes')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 align-top">
          {preview.rows.map((row) => (
            <tr
              key={row.line}
              data-testid="import-row"
              data-action={row.action}
              className={row.action === 'error' ? 'bg-rose-50' : ''}
            >
              <td className="px-2 py-1">{row.line}</td>
              <td className="px-2 py-1">{row.sku || '—'}</td>
              <td className="px-2 py-1">{row.name || '—'}</td>
              <td className="whitespace-nowrap px-2 py-1">{t(`admin.bulk.action.${row.action}`)}</td>
              <td className="px-2 py-1 text-xs">
                {Object.keys(row.errors).length ? (
                  <ul className="space-y-0.5 text-rose-700" data-testid="import-errors">
                    {Object.entries(row.errors).map(([name, messages]) => (
                      <li key={name}>
                        {columnName(preview, name)}: {messages.join(' ')}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <>
                    <Changes changes={row.changes} preview={preview} />
                    {Object.entries(row.warnings || {}).map(([name, messages]) => (
                      <p key={name} className="mt-1 text-amber-700" data-testid="import-warning">
                        {columnName(preview, name)}: {messages.join(' ')}
                      </p>
                    ))}
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/bulk: the catalogue exported to CSV, and a CSV imported after its preview. */
export default function BulkPage() {
  const t = useT();
  const notify = useNotify();
  const { file, preview, result, problem, busy, run, choose, applyFile } = useCsvUpload({
    preview: previewImport,
    apply: runImport,
    // Rows changed since the preview (or another save came first): show the BFF's answer again.
    previewAgain: (error) => error?.status === 422 && !error.data?.errors?.file,
    onApplied: () => notify('success', t('admin.bulk.imported')),
    onError: (error) => notify('error', error.message),
  });
  const call = useApiCall();
  const done = result?.summary;
  const onExport = () => run(async () => saveBlob(await call((api) => exportCatalogue(api))));

  const problems = preview ? importProblems(preview) : 0;
  const changing = preview ? preview.summary.create + preview.summary.update : 0;
  return (
    <div className="space-y-4" data-testid="admin-bulk">
      <h1 className="text-xl font-semibold">{t('admin.nav.bulk')}</h1>
      <Panel title={t('admin.bulk.export')}>
        <p className="mb-3 text-sm text-gray-600">{t('admin.bulk.exportHint')}</p>
        <Button onClick={onExport} disabled={busy} data-testid="export-csv">
          {t('admin.bulk.download')}
        </Button>
      </Panel>
      <Panel title={t('admin.bulk.import')}>
        <p className="text-sm text-gray-600">{t('admin.bulk.importHint')}</p>
        <p className="mt-1 text-xs text-gray-500">
          {t('admin.bulk.columns')}: <code>{COLUMNS.join(', ')}</code>
        </p>
        <CsvFilePicker
          file={file}
          busy={busy}
          problem={problem}
          onFile={choose}
          testId="import-file"
          problemTestId="bulk-problem"
        />
        {done && (
          <p className="mt-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-testid="import-done">
            {t('admin.bulk.done', { create: done.create, update: done.update, unchanged: done.unchanged })}
          </p>
        )}
        {preview && (
          <div className="mt-4 space-y-3">
            <p className="text-sm" data-testid="import-summary">
              {t('admin.bulk.summary', preview.summary)}
            </p>
            {problems > 0 && (
              <p role="alert" className="text-sm text-rose-700">
                {t('admin.bulk.fixFirst', { n: problems })}
              </p>
            )}
            <Button
              kind="primary"
              disabled={busy || problems > 0 || changing === 0}
              onClick={applyFile}
              data-testid="run-import"
            >
              {t('admin.bulk.run', { n: changing })}
            </Button>
            <PreviewTable preview={preview} />
          </div>
        )}
      </Panel>
    </div>
  );
}
