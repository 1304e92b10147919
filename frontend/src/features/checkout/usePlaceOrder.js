import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDispatch, useSelector } from 'react-redux';
import { useApiCall } from '../../common/useApiCall.js';
import { createOrder } from '../../api/orders.js';
import { useNotify } from '../ui/useNotify.js';
import { cartEmptied, cartFetched } from '../cart/cartSlice.js';
import { orderFailure } from './order.js';
import { rememberCountry } from '../addresses/homeCountry.js';
import { selectUser } from '../account/userSlice.js';

const newKey = () => `co-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * Send the order; on success empty the cart and go to its summary. One
 * Idempotency-Key per visit, so a double click or a retry gives one order.
 * A refusal is shown; its field errors go to `onFieldErrors`.
 */
export function usePlaceOrder(onFieldErrors) {
  const call = useApiCall();
  const notify = useNotify();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const user = useSelector(selectUser);
  const [key] = useState(newKey);
  const [submitting, setSubmitting] = useState(false);

  const placeOrder = async (payload) => {
    setSubmitting(true);
    try {
      const order = await call((api) => createOrder(api, payload, key));
      rememberCountry(user?.id, payload.shippingInfo?.shipping_country);
      await dispatch(cartEmptied());
      navigate(`/order-summary/${encodeURIComponent(order.order_number)}`);
    } catch (error) {
      const failure = orderFailure(error);
      if (failure.fields) onFieldErrors(failure.fields);
      if ('message' in failure) notify('error', failure.message);
      if (failure.refetchCart) dispatch(cartFetched());
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, placeOrder };
}
