import { createAsyncThunk, createSelector, createSlice } from '@reduxjs/toolkit';
import * as cartApi from '../../api/cart.js';
import { roundCents, yuanTotals } from '../../common/rules/money.js';
import { totalWeight, weighedLine } from '../../common/rules/shipping.js';

// The member's cart as the BFF last answered it (lines with this member's unit
// `price`). Persisted whole with the rest of the state; refetched on sign-in.
const failure = (error) => ({ message: error?.message, status: error?.status ?? 0, code: error?.code ?? null });
const call = (type, fn) =>
  createAsyncThunk(type, async (arg, { extra, rejectWithValue }) => {
    try {
      return await fn(extra.api, arg);
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  });

export const cartFetched = call('cart/fetched', (api) => cartApi.fetchCart(api));
/** { product, variantId, quantity }: add to the line (stock is checked by the BFF). */
export const itemAdded = call('cart/itemAdded', (api, { product, variantId = null, quantity = 1 }) =>
  cartApi.addToCart(api, { productId: product.id, variantId, quantity }),
);
/** { line, quantity }: set a line's amount. */
export const lineQuantityChanged = call('cart/lineQuantityChanged', (api, { line, quantity }) =>
  cartApi.addToCart(api, {
    productId: line.product_id ?? line.product?.id,
    variantId: line.variant_id ?? line.variant?.id ?? null,
    quantity,
    set: true,
  }),
);
export const lineRemoved = call('cart/lineRemoved', (api, line) => cartApi.deleteCartLine(api, line.id));
export const cartEmptied = call('cart/emptied', (api) => cartApi.clearCart(api));

const replace = (state, { payload }) => {
  state.items = Array.isArray(payload) ? payload : [];
};

const cartSlice = createSlice({
  name: 'cart',
  initialState: { items: [] },
  reducers: {
    cartCleared: (state) => {
      state.items = [];
    },
  },
  extraReducers: (builder) => {
    for (const thunk of [cartFetched, itemAdded, lineQuantityChanged, lineRemoved, cartEmptied]) {
      builder.addCase(thunk.fulfilled, replace);
    }
  },
});

export const { cartCleared } = cartSlice.actions;
export const selectCartItems = (state) => state.cart.items;
export const selectCartCount = (state) => state.cart.items.reduce((sum, line) => sum + (Number(line.quantity) || 0), 0);
/** Unit price of a line: what the BFF priced for this member. */
export const linePrice = (line) => Number(line.price ?? line.variant?.final_price ?? line.product?.final_price) || 0;
/** Items subtotal in NZ dollars, to the cent (screens show one decimal). */
export const selectCartTotal = createSelector(selectCartItems, (items) =>
  roundCents(items.reduce((sum, line) => sum + linePrice(line) * (Number(line.quantity) || 0), 0)),
);
/** [unit price, quantity] of each line, for yuanTotals. */
export const yuanLines = (items) => items.map((line) => [linePrice(line), Number(line.quantity) || 0]);
/** The cart's yuan: yuan of each line, summed (rules/yuan_cases.json). */
export const selectCartYuan = createSelector(
  [selectCartItems, (state) => state.shop.info?.shop_exchange_rate],
  (items, rate) => yuanTotals(yuanLines(items), rate),
);
/** Grams the cart counts for shipping (free-shipping items 0, variant weight wins). */
export const selectCartWeight = createSelector(selectCartItems, (items) => totalWeight(items.map(weighedLine)));
export default cartSlice.reducer;
