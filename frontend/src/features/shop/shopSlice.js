import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { fetchCategories, fetchShop } from '../../api/catalog.js';
import { fetchArticles } from '../../api/content.js';
import { DEFAULT_TIME_ZONE } from '../../common/dates.js';

// Everything the shared layout needs: settings, the category menu, footer articles.
export const shopLoaded = createAsyncThunk('shop/loaded', async (_, { extra, rejectWithValue }) => {
  try {
    const [info, categories, articles] = await Promise.all([
      fetchShop(extra.api),
      fetchCategories(extra.api),
      fetchArticles(extra.api),
    ]);
    return { info, categories, articles };
  } catch (error) {
    return rejectWithValue({ message: error.message, status: error.status ?? 0, code: error.code ?? null });
  }
});

const initialState = { info: null, categories: [], articles: [], loading: false, error: null };

const shopSlice = createSlice({
  name: 'shop',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(shopLoaded.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(shopLoaded.fulfilled, (state, { payload }) => {
        Object.assign(state, payload, { loading: false, error: null });
      })
      .addCase(shopLoaded.rejected, (state, { payload, error }) => {
        state.loading = false;
        state.error = payload?.message || error.message;
      });
  },
});

export default shopSlice.reducer;

export const selectShop = (state) => state.shop.info;
export const selectCategories = (state) => state.shop.categories;
export const selectArticles = (state) => state.shop.articles;
export const selectExchangeRate = (state) => state.shop.info?.shop_exchange_rate;
/** The IANA zone every screen shows times in (shop setting `time_zone`). */
export const selectTimeZone = (state) => state.shop.info?.time_zone || DEFAULT_TIME_ZONE;
