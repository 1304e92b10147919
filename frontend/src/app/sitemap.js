// robots.txt and sitemap.xml of one shop, from GET /api/sitemap.
import { API_PREFIX } from '../api/paths.js';
import { hiddenPaths } from './routes.jsx';

const xmlEscape = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]);

// A route path's first segment, with a slash where more follow: 'order-detail/:id' and
// 'admin/login' keep crawlers out of /order-detail/ and /admin/.
const prefixOf = (path) => (path.includes('/') ? `/${path.split('/')[0]}/` : `/${path}`);

/** What robots.txt disallows: the route table's private pages, and the API. */
export const PRIVATE_PREFIXES = [...new Set(hiddenPaths().map(prefixOf)), API_PREFIX];

export function renderRobots(site) {
  return [
    'User-agent: *',
    ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${site}/sitemap.xml`,
    '',
  ].join('\n');
}

export function renderSitemapXml(data, site) {
  const urls = [{ loc: '/' }, { loc: '/newest-product' }, { loc: '/best-product' }];
  for (const c of data.categories || []) urls.push({ loc: `/category/${c.id}` });
  for (const b of data.brands || []) urls.push({ loc: `/brand/${b.id}` });
  for (const p of data.products || []) urls.push({ loc: `/product/${p.id}`, lastmod: p.updated_at });
  for (const a of data.articles || []) urls.push({ loc: `/article/${a.id}` });
  for (const b of data.banners || []) urls.push({ loc: `/banner-products/${b.id}` });
  const body = urls
    .map(({ loc, lastmod }) => {
      const date = lastmod ? new Date(lastmod) : null;
      const mod = date && !Number.isNaN(date.getTime()) ? `<lastmod>${date.toISOString().slice(0, 10)}</lastmod>` : '';
      return `  <url><loc>${xmlEscape(site + loc)}</loc>${mod}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
