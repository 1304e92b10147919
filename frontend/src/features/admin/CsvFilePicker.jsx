import { useState } from 'react';
import { useApiCall } from '../../common/useApiCall.js';
import { useT } from '../../i18n/index.js';

/**
 * A CSV upload checked before it is applied (the catalogue import, bulk shipping): choosing a
 * file previews it; applying sends the same file, and when the BFF refuses because rows changed
 * since the preview (`previewAgain(error)`), previews it again so the owner sees why. `run` gives
 * the page's other calls the same busy flag and problem line; `onError` hears every failure.
 */
export function useCsvUpload({ preview, apply, previewAgain, onApplied, onError }) {
  const call = useApiCall();
  const [file, setFile] = useState(null);
  const [previewed, setPreviewed] = useState(null);
  const [result, setResult] = useState(null);
  const [problem, setProblem] = useState(null);
  const [busy, setBusy] = useState(false);

  const run = async (fn) => {
    setBusy(true);
    setProblem(null);
    try {
      await fn();
    } catch (error) {
      setProblem(error.data?.errors?.file?.[0] || error.message);
      onError?.(error);
    } finally {
      setBusy(false);
    }
  };
  const choose = (chosen) => {
    setFile(chosen);
    setPreviewed(null);
    setResult(null);
    if (chosen) run(async () => setPreviewed(await call((api) => preview(api, chosen))));
  };
  const applyFile = () =>
    run(async () => {
      try {
        const answer = await call((api) => apply(api, file));
        setResult(answer);
        setPreviewed(null);
        setFile(null);
        onApplied?.(answer);
      } catch (error) {
        if (previewAgain(error)) setPreviewed(await call((api) => preview(api, file)));
        throw error;
      }
    });
  return { file, preview: previewed, result, problem, busy, run, choose, applyFile };
}

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
