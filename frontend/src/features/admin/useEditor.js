import { useState } from 'react';
import { useApiCall } from '../../common/useApiCall.js';
import { useRemote } from '../../common/useRemote.js';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { saveFailure } from './productForm.js';

/**
 * What every console editor of a versioned object (product, content, settings) does around its
 * form. `load(api)` fetches the BFF's copy (null: a new object, the form starts at `initial`);
 * `toValues(copy)` makes the form's values from it. The copy replaces the form on arrival and on an
 * asked-for reload, never otherwise. `saved` is that copy (its version is the If-Match of the next
 * save; a picture or stock answer moves it on with `setSaved`).
 *
 * `submit({ validate, request, onSaved })` makes a form's onSubmit: the form's own checks first
 * (`validate(values)`: field → message key); then `request(values)`, `(api) => promise` or null
 * when there is nothing to send; `onSaved(answer)` after. A refused save shows as `failure`: a 412
 * (`kind: 'stale'`, for StaleNotice), a 422 with its field messages in `errors`, or another problem.
 */
export function useEditor({ load, deps, toValues, initial = null }) {
  const t = useT();
  const notify = useNotify();
  const call = useApiCall();
  const [saved, setSaved] = useState(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState({});
  const [failure, setFailure] = useState(null);
  const [busy, setBusy] = useState(false);

  const remote = useRemote(load, deps);
  const [arrived, setArrived] = useState(null);
  if (remote.data && remote.data !== arrived) {
    setArrived(remote.data);
    setSaved(remote.data);
    setValues(toValues(remote.data));
    setErrors({});
    setFailure(null);
  }

  const onChange = (name, value) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit =
    ({ validate, request, onSaved }) =>
    async (event) => {
      event.preventDefault();
      const found = validate(values);
      setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])));
      if (Object.keys(found).length) {
        setFailure({ kind: 'fields', message: t('admin.error.fix') });
        return;
      }
      const send = request(values);
      if (!send) return;
      setBusy(true);
      setFailure(null);
      try {
        onSaved(await call(send));
      } catch (error) {
        const outcome = saveFailure(error);
        setFailure(outcome);
        if (outcome.kind === 'fields') setErrors(outcome.fields);
        notify('error', outcome.message);
      } finally {
        setBusy(false);
      }
    };

  /** The BFF's copy again, over what is typed: asked for first. */
  const onReload = () => {
    if (window.confirm(t('admin.stale.confirm'))) remote.reload();
  };

  return { saved, setSaved, values, setValues, errors, setErrors, failure, busy, remote, onChange, submit, onReload };
}
