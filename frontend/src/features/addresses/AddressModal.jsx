import { useState } from 'react';
import { useT } from '../../i18n/index.js';
import { useApiCall } from '../../common/useApiCall.js';
import { createAddress, updateAddress } from '../../api/addresses.js';
import { CloseIcon } from '../../common/components/Icons.jsx';
import { serverErrors, validateRecipient } from './validators.js';
import { EMPTY_ADDRESS, RecipientFields, emptyAddress } from './RecipientFields.jsx';
import { useHomeCountry } from './homeCountry.js';

/**
 * Create (no id) or edit (with one) an address. The submit button reads 更新中...
 * while saving; on success `onSaved` reloads the list and the form resets.
 */
export default function AddressModal({ open, address, onClose, onSaved }) {
  // Mounted afresh at every opening, so the form starts from the address being edited (or empty).
  return open ? <AddressDialog address={address} onClose={onClose} onSaved={onSaved} /> : null;
}

const formValues = (address, blank) =>
  address ? Object.fromEntries(Object.keys(EMPTY_ADDRESS).map((k) => [k, address[k] ?? blank[k]])) : blank;

function AddressDialog({ address, onClose, onSaved }) {
  const t = useT();
  const call = useApiCall();
  const blank = emptyAddress(useHomeCountry().start);
  const [values, setValues] = useState(() => formValues(address, blank));
  const [errors, setErrors] = useState({});
  const [saving, setSaving] = useState(false);
  const editing = Boolean(address?.id);

  const change = (name, value) => setValues((v) => ({ ...v, [name]: value }));
  const submit = async (event) => {
    event.preventDefault();
    const found = validateRecipient(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await call((api) => (editing ? updateAddress(api, address.id, values) : createAddress(api, values)));
      setValues(blank);
      setErrors({});
      await onSaved?.();
      onClose();
    } catch (error) {
      const fields = serverErrors(error);
      setErrors(Object.keys(fields).length ? fields : { form: error.message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center p-4"
      role="dialog"
      aria-modal="true"
      aria-labelledby="address-modal-title"
    >
      <button
        type="button"
        className="absolute inset-0 h-full w-full cursor-default bg-black/40"
        tabIndex={-1}
        aria-label={t('address.cancel')}
        onClick={onClose}
      />
      <form
        onSubmit={submit}
        noValidate
        className="relative w-full max-w-lg rounded-2xl bg-white p-6 shadow-xl"
        data-testid="address-modal"
      >
        <div className="mb-4 flex items-center justify-between">
          <h2 id="address-modal-title" className="text-lg font-semibold">
            {t(editing ? 'address.edit' : 'address.new')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('address.cancel')}
            className="rounded p-1 hover:bg-gray-100"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <RecipientFields values={values} errors={errors} onChange={change} />
        </div>
        {errors.form && (
          <p className="mt-3 text-sm text-rose-600" role="alert">
            {errors.form}
          </p>
        )}
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" onClick={onClose} className="rounded-lg px-4 py-2 text-sm ring-1 ring-gray-300">
            {t('address.cancel')}
          </button>
          <button
            type="submit"
            disabled={saving}
            className="rounded-lg bg-gray-900 px-5 py-2 text-sm text-white disabled:opacity-60"
            data-testid="address-submit"
          >
            {saving ? t('address.saving') : t('address.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
