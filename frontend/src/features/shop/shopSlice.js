import { fetchCategories, fetchShop } from '../../api/catalog.js';
import { fetchArticles } from '../../api/content.js';
import { request } from '../../common/events.js';
import { DEFAULT_TIME_ZONE } from '../../common/timeZone.js';

// Everything the shared layout needs: settings, the category menu, footer articles.
export const shopLoaded = request('shop/loaded', async (api) => {
  const [info, categories, articles] = await Promise.all([fetchShop(api), fetchCategories(api), fetchArticles(api)]);
  return { info, categories, articles };
});

const initialState = { info: null, categories: [], articles: [], loading: false, error: null };

export default function shop(state = initialState, action) {
  if (shopLoaded.pending.match(action)) return { ...state, loading: true, error: null };
  if (shopLoaded.fulfilled.match(action)) return { ...state, ...action.payload, loading: false, error: null };
  if (shopLoaded.rejected.match(action)) return { ...state, loading: false, error: action.payload?.message };
  return state;
}

export const selectShop = (state) => state.shop.info;
export const selectCategories = (state) => state.shop.categories;
export const selectArticles = (state) => state.shop.articles;
export const selectExchangeRate = (state) => state.shop.info?.shop_exchange_rate;
/** The IANA zone every screen shows times in (shop setting `time_zone`). */
export const selectTimeZone = (state) => state.shop.info?.time_zone || DEFAULT_TIME_ZONE;
