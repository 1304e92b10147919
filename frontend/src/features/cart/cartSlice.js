import * as cartApi from '../../api/cart.js';
import { event, memoized, request } from '../../common/events.js';
import { roundCents, yuanTotals } from '../../common/rules/money.js';

// The member's cart as the BFF last answered it (lines with this member's unit
// `price`). Persisted whole with the rest of the state; refetched on sign-in.
export const cartFetched = request('cart/fetched', (api) => cartApi.fetchCart(api));
/** { product, variantId, quantity }: add to the line (stock is checked by the BFF). */
export const itemAdded = request('cart/itemAdded', (api, { product, variantId = null, quantity = 1 }) =>
  cartApi.addToCart(api, { productId: product.id, variantId, quantity }),
);
/** { line, quantity }: set a line's amount. */
export const lineQuantityChanged = request('cart/lineQuantityChanged', (api, { line, quantity }) =>
  cartApi.addToCart(api, {
    productId: line.product_id ?? line.product?.id,
    variantId: line.variant_id ?? line.variant?.id ?? null,
    quantity,
    set: true,
  }),
);
export const lineRemoved = request('cart/lineRemoved', (api, line) => cartApi.deleteCartLine(api, line.id));
export const cartEmptied = request('cart/emptied', (api) => cartApi.clearCart(api));
export const cartCleared = event('cart/cleared');

// Each call answers with the whole cart, which replaces the lines held.
const answered = new Set(
  [cartFetched, itemAdded, lineQuantityChanged, lineRemoved, cartEmptied].map((call) => call.fulfilled.type),
);

export default function cart(state = { items: [] }, action) {
  if (answered.has(action.type)) return { ...state, items: Array.isArray(action.payload) ? action.payload : [] };
  if (cartCleared.match(action)) return { ...state, items: [] };
  return state;
}

export const selectCartItems = (state) => state.cart.items;
export const selectCartCount = (state) => state.cart.items.reduce((sum, line) => sum + (Number(line.quantity) || 0), 0);
/** Unit price of a line: what the BFF priced for this member. */
export const linePrice = (line) => Number(line.price ?? line.variant?.final_price ?? line.product?.final_price) || 0;
/** Items subtotal in NZ dollars, to the cent (screens show one decimal). */
export const selectCartTotal = memoized([selectCartItems], (items) =>
  roundCents(items.reduce((sum, line) => sum + linePrice(line) * (Number(line.quantity) || 0), 0)),
);
/** [unit price, quantity] of each line, for yuanTotals. */
export const yuanLines = (items) => items.map((line) => [linePrice(line), Number(line.quantity) || 0]);
/** The cart's yuan: yuan of each line, summed (rules/yuan_cases.json). */
export const selectCartYuan = memoized(
  [selectCartItems, (state) => state.shop.info?.shop_exchange_rate],
  (items, rate) => yuanTotals(yuanLines(items), rate),
);
