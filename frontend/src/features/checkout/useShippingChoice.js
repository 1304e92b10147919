import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { availableMethods, shippingFee } from '../../common/rules/shipping.js';
import { selectShop } from '../shop/shopSlice.js';

// The shop's note shown under each method.
const NOTES = {
  'oversea-direct': 'overseas_shipping_note',
  'local-direct': 'local_shipping_note',
  'local-pick': 'pick_up_note',
};

/**
 * The shipping methods the shop offers the recipient's country, the chosen one
 * (the first offered, until the shopper picks another), its fee for `weight` and the shop's note.
 */
export function useShippingChoice(recipient, weight) {
  const shop = useSelector(selectShop);
  const [picked, setMethod] = useState('');
  const methods = useMemo(() => availableMethods(recipient.shipping_country, shop), [recipient.shipping_country, shop]);
  // A pick the recipient's country no longer offers falls back to the first method offered.
  const method = methods.includes(picked) ? picked : methods[0] || '';
  const fee = method
    ? shippingFee(method, weight, recipient.shipping_city, recipient.shipping_address, shop, recipient.province_code)
    : 0;
  const note = method ? shop?.[NOTES[method]] : null;
  return { methods, method, setMethod, fee, note };
}
