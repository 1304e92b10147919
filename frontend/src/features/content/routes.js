// Articles (footer pages) and the terms and privacy pages (app/routes.jsx assembles every
// feature's routes; the fields: features/account/routes.js and features/catalog/routes.js).
// `error` names the page module's export that renders the route's errors.
import { fetchArticle } from '../../api/content.js';

export const ROUTES = [
  {
    path: 'article/:id',
    page: () => import('./ArticlePage.jsx'),
    error: 'ArticleError',
    title: ({ data, t }) => data?.article?.title || t('article.notFound'),
    head: 'article',
    load: async ({ api, params }) => ({ article: await fetchArticle(api, params.id) }),
  },
  {
    path: 'terms',
    page: () => import('./StaticPage.jsx'),
    props: { kind: 'terms' },
    title: ({ t }) => t('terms.title'),
  },
  {
    path: 'privacy-policy',
    page: () => import('./StaticPage.jsx'),
    props: { kind: 'privacy' },
    title: ({ t }) => t('privacy.title'),
  },
];
