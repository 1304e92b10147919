import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { useApiCall } from '../../common/useApiCall.js';
import { fetchAddresses } from '../../api/addresses.js';
import { EMPTY_ADDRESS, emptyAddress } from '../addresses/RecipientFields.jsx';
import { useHomeCountry } from '../addresses/homeCountry.js';
import { selectChosenRecipient } from './checkoutSlice.js';

const recipientOf = (a, blank = EMPTY_ADDRESS) =>
  Object.fromEntries(Object.keys(blank).map((k) => [k, a?.[k] ?? blank[k]]));
const EMPTY_SENDER = { name: '', phone: '', address: '' };

/**
 * The checkout form's state: recipient, sender, remark and field errors. The
 * recipient starts as the one chosen on /choose-address, else the default address, else blank on
 * the member's last used country (or the shop's own: the English shop starts on New Zealand).
 */
export function useCheckoutForm() {
  const call = useApiCall();
  const chosen = useSelector(selectChosenRecipient);
  const { start } = useHomeCountry();
  const [recipient, setRecipient] = useState(() => recipientOf(chosen, emptyAddress(start)));
  const [sender, setSender] = useState(EMPTY_SENDER);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState({});

  useEffect(() => {
    if (chosen) return;
    call((api) => fetchAddresses(api))
      .then((list) => {
        const preferred = list.find((a) => Number(a.is_default) === 1) || list[0];
        // The shopper may have started typing meanwhile: keep what they wrote.
        if (preferred) setRecipient((r) => (r.shipping_name ? r : recipientOf(preferred)));
      })
      .catch(() => {});
  }, [call, chosen]);

  return {
    recipient,
    changeRecipient: (name, value) => setRecipient((r) => ({ ...r, [name]: value })),
    sender,
    changeSender: (name, value) => setSender((s) => ({ ...s, [name]: value })),
    remark,
    setRemark,
    errors,
    setErrors,
  };
}
