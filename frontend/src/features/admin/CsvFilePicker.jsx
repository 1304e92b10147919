import { useT } from '../../i18n/index.js';

/**
 * Choose a CSV file (the catalogue import, the tracking file of bulk shipping): the button, the
 * chosen file's name, a loading line while `busy` and the problem as an alert. The input is
 * emptied after each choice, so choosing the same file again reads it again.
 */
export function CsvFilePicker({ file, busy, problem, onFile, testId, problemTestId }) {
  const t = useT();
  return (
    <>
      <label className="mt-3 inline-flex cursor-pointer items-center rounded-md bg-white px-4 py-2 text-sm font-medium ring-1 ring-gray-300 hover:bg-gray-50">
        {t('admin.bulk.choose')}
        <input
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          disabled={busy}
          data-testid={testId}
          onChange={(e) => {
            const [chosen] = e.target.files;
            e.target.value = '';
            onFile(chosen || null);
          }}
        />
      </label>
      {file && <span className="ml-3 text-sm text-gray-600">{file.name}</span>}
      {busy && <p className="mt-3 text-sm text-gray-500">{t('admin.loading')}</p>}
      {problem && (
        <p
          role="alert"
          className="mt-3 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700"
          data-testid={problemTestId}
        >
          {problem}
        </p>
      )}
    </>
  );
}
