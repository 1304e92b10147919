import { useState } from 'react';
import { useApiCall } from '../../common/useApiCall.js';
import { useNotify } from '../ui/useNotify.js';
import { serverErrors } from '../addresses/validators.js';

/**
 * A console form with write-only secrets (payment providers' keys, WeChat's AppSecrets): the
 * values shown, the secrets typed (an empty one is not sent, so the BFF keeps what it holds), the
 * BFF's field messages and the busy flag. `submit(body, save)` sends `{ ...body, ...typed secrets }`
 * through `save(api, body)`; on success the secrets are cleared, `savedText` toasted and
 * `onSaved(saved)` called; on a refusal the fields' messages are shown and the message toasted.
 */
export function useSecretsForm({ initial, savedText, onSaved }) {
  const call = useApiCall();
  const notify = useNotify();
  const [values, setValues] = useState(initial);
  const [secrets, setSecrets] = useState({});
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const setValue = (name, value) => setValues((v) => ({ ...v, [name]: value }));
  const setSecret = (name, value) => setSecrets((s) => ({ ...s, [name]: value }));

  const submit = async (body, save) => {
    setBusy(true);
    setErrors({});
    const typed = Object.fromEntries(Object.entries(secrets).filter(([, v]) => v.trim()));
    try {
      const saved = await call((api) => save(api, { ...body, ...typed }));
      setSecrets({});
      notify('success', savedText);
      onSaved(saved);
    } catch (error) {
      setErrors(serverErrors(error));
      notify('error', error.message);
    } finally {
      setBusy(false);
    }
  };

  return { values, setValue, secrets, setSecret, errors, busy, submit };
}
