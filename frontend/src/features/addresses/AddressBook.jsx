import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDispatch } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { useRemote } from '../../common/useRemote.js';
import { useApiCall } from '../../common/useApiCall.js';
import { deleteAddress, fetchAddresses, setDefaultAddress } from '../../api/addresses.js';
import { recipientChosen } from '../checkout/checkoutSlice.js';
import AddressModal from './AddressModal.jsx';

/**
 * The address list with its modal form: /address-management, and with `choosing`
 * /choose-address, where a non-default entry can be chosen as the recipient.
 */
export default function AddressBook({ titleKey, choosing = false }) {
  const t = useT();
  const notify = useNotify();
  const call = useApiCall();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { data, loaded, reload } = useRemote((api) => fetchAddresses(api), []);
  const [modal, setModal] = useState({ open: false, address: null });
  // The address whose deletion waits for a second tap: a mistaken tap on Delete loses nothing.
  const [asking, setAsking] = useState(null);
  const addresses = [...(data || [])].sort((a, b) => Number(b.is_default) - Number(a.is_default));

  const act = async (fn, message) => {
    try {
      await call(fn);
      if (message) notify('success', t(message));
    } catch (error) {
      if (error.status && error.status !== 401) notify('error', error.message);
    }
    await reload();
  };
  const choose = (address) => {
    dispatch(recipientChosen(address));
    navigate('/checkout');
  };
  const btn = 'rounded-md px-2.5 py-1 text-xs ring-1 ring-gray-300 hover:bg-gray-50';

  return (
    <section
      className="rounded-xl bg-white p-6 ring-1 ring-gray-100"
      data-testid={choosing ? 'choose-address-page' : 'address-book-page'}
    >
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-xl font-semibold">{t(titleKey)}</h1>
        <button
          type="button"
          onClick={() => setModal({ open: true, address: null })}
          className="rounded-lg bg-gray-900 px-4 py-2 text-sm text-white"
          data-testid="address-new"
        >
          {t('address.new')}
        </button>
      </div>
      {loaded && !addresses.length && <p className="py-10 text-center text-gray-500">{t('address.empty')}</p>}
      <ul className="mt-4 divide-y divide-gray-100" data-testid="address-list">
        {addresses.map((a) => (
          <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 py-4" data-testid="address-item">
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                <span data-testid="address-name">{a.shipping_name}</span>
                {Number(a.is_default) === 1 && (
                  <span
                    className="ml-2 rounded bg-rose-600 px-1.5 py-0.5 text-xs text-white"
                    data-testid="address-default"
                  >
                    {t('address.default')}
                  </span>
                )}
              </p>
              <p className="text-gray-600">{a.shipping_contact}</p>
              <p className="text-gray-600">
                {a.shipping_country} {a.shipping_city}
              </p>
              <p className="text-gray-600">{a.shipping_address}</p>
              {a.needs_completion && (
                <p className="mt-1 text-xs font-medium text-amber-700" data-testid="address-needs-completion">
                  {t('address.needsCompletion')}
                </p>
              )}
            </div>
            <div className="flex flex-wrap gap-2">
              {choosing && Number(a.is_default) !== 1 && (
                <button type="button" className={btn} onClick={() => choose(a)} data-testid="address-choose">
                  {t('address.choose')}
                </button>
              )}
              <button
                type="button"
                className={btn}
                onClick={() => setModal({ open: true, address: a })}
                data-testid="address-edit"
              >
                {t('address.edit')}
              </button>
              <button type="button" className={btn} onClick={() => setAsking(a.id)} data-testid="address-delete">
                {t('address.delete')}
              </button>
              {Number(a.is_default) !== 1 && (
                <button
                  type="button"
                  className={btn}
                  onClick={() => act((api) => setDefaultAddress(api, a.id))}
                  data-testid="address-set-default"
                >
                  {t('address.setDefault')}
                </button>
              )}
            </div>
            {asking === a.id && (
              <DeleteQuestion
                name={a.shipping_name}
                onYes={() => {
                  setAsking(null);
                  act((api) => deleteAddress(api, a.id), 'address.deleted');
                }}
                onNo={() => setAsking(null)}
              />
            )}
          </li>
        ))}
      </ul>
      <AddressModal
        open={modal.open}
        address={modal.address}
        onClose={() => setModal({ open: false, address: null })}
        onSaved={async () => {
          notify('success', t('address.saved'));
          await reload();
        }}
      />
    </section>
  );
}

/** The second tap of a deletion, under the address it would delete; Cancel (or Escape) keeps it. */
function DeleteQuestion({ name, onYes, onNo }) {
  const t = useT();
  const keep = useRef(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-label={t('address.delete')}
      onKeyDown={(e) => e.key === 'Escape' && onNo()}
      className="flex w-full flex-wrap items-center gap-2 rounded-lg bg-rose-50 p-3 text-sm"
      data-testid="address-delete-question"
    >
      <p className="mr-auto text-rose-800">{t('address.deleteAsk', { name })}</p>
      <button
        type="button"
        ref={keep}
        onClick={onNo}
        className="rounded-md bg-white px-3 py-1.5 ring-1 ring-gray-300 hover:bg-gray-50"
        data-testid="address-delete-no"
      >
        {t('address.cancel')}
      </button>
      <button
        type="button"
        onClick={onYes}
        className="rounded-md bg-rose-600 px-3 py-1.5 text-white hover:bg-rose-700"
        data-testid="address-delete-yes"
      >
        {t('address.deleteYes')}
      </button>
    </div>
  );
}
