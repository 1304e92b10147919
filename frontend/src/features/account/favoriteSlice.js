import { createSlice } from '@reduxjs/toolkit';

const favoriteSlice = createSlice({
  name: 'favorite',
  initialState: { items: [] },
  reducers: {
    favoritesCleared: (state) => {
      state.items = [];
    },
  },
});

export const selectIsFavorite = (productId) => (state) =>
  state.favorite.items.some((f) => f.product_id === productId);
export const { favoritesCleared } = favoriteSlice.actions;
export default favoriteSlice.reducer;
