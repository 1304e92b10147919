import { DEFAULT_SHIPPING_TYPE } from '../../common/rules/shipping.js';
import { serverErrors, validateRecipient } from '../addresses/validators.js';

/**
 * The form's errors as { field: message key }: the recipient rules, no order without a shipping
 * method, and the ID number where the method's customs need it (`idRequired`).
 */
export function checkoutErrors(recipient, methods, idRequired = false) {
  const errors = validateRecipient(recipient);
  if (!methods.length) errors.shipping_type = 'checkout.noShippingBlocked';
  if (idRequired && !errors.shipping_id && !String(recipient.shipping_id || '').trim())
    errors.shipping_id = 'checkout.idRequired';
  return errors;
}

/** Whether the shop says customs need the recipient's ID number for parcels of `method`. */
export const idNumberRequired = (method, shop) =>
  method === 'oversea-direct' && Number(shop?.is_overseas_id_required) === 1;

/** The order creation payload of SPEC section 3. The BFF recomputes and checks every amount. */
export function orderPayload({
  items,
  recipient,
  sender,
  remark,
  method,
  subtotal,
  fee,
  weight,
  quantity,
  code = '',
  discount = 0,
}) {
  return {
    cartItems: items.map((l) => ({
      product_id: l.product_id ?? l.product?.id,
      variant_id: l.variant_id ?? l.variant?.id ?? null,
      quantity: Number(l.quantity),
    })),
    shippingInfo: {
      ...recipient,
      shipping_type: method || DEFAULT_SHIPPING_TYPE,
      user_remark: remark,
      sender_name: sender.name,
      sender_contact: sender.phone,
      sender_address: sender.address,
    },
    totalAmount: subtotal.toFixed(2),
    shippingCost: fee.toFixed(2),
    totalWeight: weight,
    totalQuantity: quantity,
    // The promotions the BFF's preview applied, checked again by the order call.
    discountCode: code,
    discountAmount: Number(discount).toFixed(2),
  };
}

/**
 * What a refused order shows: { message, fields, refetchCart }, each only when it applies.
 * A 401 belongs to the session-expired flow; a call that got no answer is only logged.
 */
export function orderFailure(error) {
  // Nothing was created and the cart is intact: show the message and the current prices.
  if (error?.code === 'prices_changed') return { message: error.message, refetchCart: true };
  if (error?.status === 422 || error?.status === 409) return { message: error.message, fields: serverErrors(error) };
  if (error?.status && error.status !== 401) return { message: error.message };
  return {};
}
