import * as favoritesApi from '../../api/favorites.js';
import { event, memoized, request } from '../../common/events.js';

// Which products the member keeps in the wish list (the hearts). The list
// screen pages through the BFF itself; this holds ids only.
const MAX_PAGES = 10;
const slim = (list) => (list || []).map((f) => ({ id: f.id, product_id: f.product_id ?? f.product?.id }));

export const favoritesFetched = request('favorite/fetched', async (api) => {
  const all = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { favorites, lastPage } = await favoritesApi.fetchFavorites(api, { page });
    all.push(...favorites);
    if (page >= lastPage) break;
  }
  return all;
});

/** A heart clicked: remove when already a favourite, else add. */
export const favoriteToggled = request('favorite/toggled', async (api, productId, { getState }) => {
  const wasFavorite = selectIsFavorite(productId)(getState());
  const list = await (wasFavorite ? favoritesApi.removeFavorite : favoritesApi.addFavorite)(api, productId);
  return { list, added: !wasFavorite };
});

export const favoritesCleared = event('favorite/cleared');

export default function favorite(state = { items: [] }, action) {
  if (favoritesFetched.fulfilled.match(action)) return { ...state, items: slim(action.payload) };
  if (favoriteToggled.fulfilled.match(action)) return { ...state, items: slim(action.payload.list) };
  if (favoritesCleared.match(action)) return { ...state, items: [] };
  return state;
}

// Memoised: a new array on every call would re-render its users on any change of the store.
export const selectFavoriteIds = memoized([(state) => state.favorite.items], (items) => items.map((f) => f.product_id));
export const selectIsFavorite = (productId) => (state) =>
  state.favorite.items.some((f) => Number(f.product_id) === Number(productId));
