import { PATHS } from './paths.js';

export async function fetchArticles(http) {
  const { data } = await http.get(PATHS.article);
  return data.data?.articles || [];
}

export async function fetchArticle(http, id) {
  const { data } = await http.get(`${PATHS.article}/${encodeURIComponent(id)}`);
  return data.article;
}

export async function fetchSitemap(http) {
  const { data } = await http.get(PATHS.sitemap);
  return data;
}
