import { createAsyncThunk, createSelector, createSlice } from '@reduxjs/toolkit';
import * as favoritesApi from '../../api/favorites.js';

// Which products the member keeps in the wish list (the hearts). The list
// screen pages through the BFF itself; this holds ids only.
const MAX_PAGES = 10;
const failure = (error) => ({ message: error?.message, status: error?.status ?? 0, code: error?.code ?? null });
const slim = (list) => (list || []).map((f) => ({ id: f.id, product_id: f.product_id ?? f.product?.id }));

export const favoritesFetched = createAsyncThunk('favorite/fetched', async (_, { extra, rejectWithValue }) => {
  try {
    const all = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const { favorites, lastPage } = await favoritesApi.fetchFavorites(extra.api, { page });
      all.push(...favorites);
      if (page >= lastPage) break;
    }
    return all;
  } catch (error) {
    return rejectWithValue(failure(error));
  }
});

/** A heart clicked: remove when already a favourite, else add. */
export const favoriteToggled = createAsyncThunk(
  'favorite/toggled',
  async (productId, { extra, getState, rejectWithValue }) => {
    const wasFavorite = selectIsFavorite(productId)(getState());
    try {
      const list = await (wasFavorite ? favoritesApi.removeFavorite : favoritesApi.addFavorite)(extra.api, productId);
      return { list, added: !wasFavorite };
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  },
);

const favoriteSlice = createSlice({
  name: 'favorite',
  initialState: { items: [] },
  reducers: {
    favoritesCleared: (state) => {
      state.items = [];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(favoritesFetched.fulfilled, (state, { payload }) => {
        state.items = slim(payload);
      })
      .addCase(favoriteToggled.fulfilled, (state, { payload }) => {
        state.items = slim(payload.list);
      });
  },
});

// Memoised: a new array on every call would re-render its users on any change of the store.
export const selectFavoriteIds = createSelector([(state) => state.favorite.items], (items) =>
  items.map((f) => f.product_id),
);
export const selectIsFavorite = (productId) => (state) =>
  state.favorite.items.some((f) => Number(f.product_id) === Number(productId));
export const { favoritesCleared } = favoriteSlice.actions;
export default favoriteSlice.reducer;
