import { useEffect, useState } from 'react';
import { useT } from '../../i18n/index.js';
import { useApiCall } from '../../common/useApiCall.js';
import { createAddress, updateAddress } from '../../api/addresses.js';
import { CHINA, COUNTRIES } from '../../common/rules/shipping.js';
import { CloseIcon } from '../../common/components/Icons.jsx';
import { serverErrors, validateRecipient } from './validators.js';

// The address form of SPEC section 3: recipient-name, -phone, -address, -city, -country, -id.
export const EMPTY_ADDRESS = { shipping_name: '', shipping_contact: '', shipping_address: '', shipping_city: '', shipping_country: CHINA, shipping_id: '' };
export const FIELDS = [
  ['recipient-name', 'shipping_name', 'checkout.name'],
  ['recipient-phone', 'shipping_contact', 'checkout.phone'],
  ['recipient-country', 'shipping_country', 'checkout.country'],
  ['recipient-city', 'shipping_city', 'checkout.city'],
  ['recipient-address', 'shipping_address', 'checkout.address'],
  ['recipient-id', 'shipping_id', 'checkout.idNumber'],
];

export function AddressField({ id, name, label, value, error, onChange, t }) {
  const cls = `mt-1 w-full rounded-lg border px-3 py-2 text-sm ${error ? 'border-rose-500' : 'border-gray-300'}`;
  return (
    <label className="block text-sm" htmlFor={id}>
      <span className="text-gray-700">{label}</span>
      {name === 'shipping_country' ? (
        <select id={id} name={id} value={value} onChange={(e) => onChange(name, e.target.value)} className={cls}>
          <option value="">{t('checkout.chooseCountry')}</option>
          {COUNTRIES.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      ) : (
        <input id={id} name={id} value={value} onChange={(e) => onChange(name, e.target.value)} className={cls}
          inputMode={name === 'shipping_contact' ? 'tel' : undefined} />
      )}
      {error && <span className="mt-1 block text-xs text-rose-600" role="alert" data-testid={`error-${id}`}>{t(error)}</span>}
    </label>
  );
}

/**
 * Create (no id) or edit (with one) an address. The submit button reads 更新中...
 * while saving; on success `onSaved` reloads the list and the form resets.
 */
export default function AddressModal({ open, address, onClose, onSaved }) {
  const t = useT();
  const call = useApiCall();
  const [values, setValues] = useState(EMPTY_ADDRESS);
  const [errors, setErrors] = useState({});
  const [saving, setSaving] = useState(false);
  const editing = Boolean(address?.id);
  useEffect(() => {
    if (!open) return;
    setValues(address ? { ...EMPTY_ADDRESS, ...Object.fromEntries(Object.keys(EMPTY_ADDRESS).map((k) => [k, address[k] ?? ''])) } : EMPTY_ADDRESS);
    setErrors({});
  }, [open, address]);
  if (!open) return null;

  const change = (name, value) => setValues((v) => ({ ...v, [name]: value }));
  const submit = async (event) => {
    event.preventDefault();
    const found = validateRecipient(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await call((api) => (editing ? updateAddress(api, address.id, values) : createAddress(api, values)));
      setValues(EMPTY_ADDRESS);
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
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4" role="dialog" aria-modal="true" aria-labelledby="address-modal-title">
      <button type="button" className="absolute inset-0 h-full w-full cursor-default bg-black/40" tabIndex={-1} aria-label={t('address.cancel')} onClick={onClose} />
      <form onSubmit={submit} noValidate className="relative w-full max-w-lg rounded-2xl bg-white p-6 shadow-xl" data-testid="address-modal">
        <div className="mb-4 flex items-center justify-between">
          <h2 id="address-modal-title" className="text-lg font-semibold">{t(editing ? 'address.edit' : 'address.new')}</h2>
          <button type="button" onClick={onClose} aria-label={t('address.cancel')} className="rounded p-1 hover:bg-gray-100"><CloseIcon className="h-5 w-5" /></button>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {FIELDS.map(([id, name, label]) => (
            <div key={id} className={name === 'shipping_address' ? 'sm:col-span-2' : ''}>
              <AddressField id={id} name={name} label={t(label)} value={values[name]} error={errors[name]} onChange={change} t={t} />
            </div>
          ))}
        </div>
        {errors.form && <p className="mt-3 text-sm text-rose-600" role="alert">{errors.form}</p>}
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" onClick={onClose} className="rounded-lg px-4 py-2 text-sm ring-1 ring-gray-300">{t('address.cancel')}</button>
          <button type="submit" disabled={saving} className="rounded-lg bg-gray-900 px-5 py-2 text-sm text-white disabled:opacity-60" data-testid="address-submit">
            {saving ? t('address.saving') : t('address.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
