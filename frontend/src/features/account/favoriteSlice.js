import { createSlice } from '@reduxjs/toolkit';

const favoriteSlice = createSlice({
  name: 'favorite',
  initialState: { items: [] },
  reducers: {},
});

export const selectIsFavorite = (productId) => (state) =>
  state.favorite.items.some((f) => f.product_id === productId);
export default favoriteSlice.reducer;
