import { createSlice } from '@reduxjs/toolkit';

// Cart lines arrive with the cart issue; the header already reads the count.
const cartSlice = createSlice({
  name: 'cart',
  initialState: { items: [] },
  reducers: {
    cartCleared: (state) => {
      state.items = [];
    },
  },
});

export const { cartCleared } = cartSlice.actions;
export const selectCartCount = (state) => state.cart.items.reduce((sum, line) => sum + (Number(line.quantity) || 0), 0);
export default cartSlice.reducer;
