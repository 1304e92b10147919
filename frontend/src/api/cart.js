import { PATHS } from './paths.js';

// Cart calls (SPEC section 7). Each change answers with the whole cart.
export const fetchCart = async (api) => (await api.get(PATHS.cart)).data.data.carts;

/** quantity: a change (1, +1, -1 or any amount), or with `set` the line's new amount. */
export async function addToCart(api, { productId, quantity = 1, variantId = null, set = false }) {
  const body = { product_id: productId, quantity };
  if (variantId) body.variant_id = variantId;
  if (set) body.set = 1;
  return (await api.post(`${PATHS.cart}/add`, body)).data.carts;
}

export const deleteCartLine = async (api, lineId) => (await api.post(`${PATHS.cart}/delete/${lineId}`)).data.carts;
export const clearCart = async (api) => (await api.post(`${PATHS.cart}/clear`)).data.carts;
