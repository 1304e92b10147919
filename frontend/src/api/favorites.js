import { PATHS } from './paths.js';

/** One page of the wish list: { favorites: [...], lastPage }. */
export async function fetchFavorites(api, { sort = '', page = 1 } = {}) {
  const { data } = await api.get(PATHS.favorites, { params: { sort, page } });
  return { favorites: data.favorites.data, lastPage: data.last_page ?? data.favorites.last_page ?? 1 };
}

export const addFavorite = async (api, productId) =>
  (await api.post(`${PATHS.favorites}/add`, { product_id: productId })).data.favorites;
export const removeFavorite = async (api, productId) =>
  (await api.post(`${PATHS.favorites}/remove`, { product_id: productId })).data.favorites;
