// robots.txt and sitemap.xml of one shop, from GET /api/sitemap.
const xmlEscape = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]);

export const PRIVATE_PREFIXES = ['/checkout', '/favorite', '/user-profile', '/order-list', '/order-detail/', '/order-summary/', '/choose-address', '/address-management', '/payment-info', '/login', '/register', '/forgot-password', '/reset-password', '/search-product', '/admin/', '/api/'];

export function renderRobots(site) {
  return ['User-agent: *', ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${site}/sitemap.xml`, ''].join('\n');
}

export function renderSitemapXml(data, site) {
  const urls = [{ loc: '/' }, { loc: '/newest-product' }, { loc: '/best-product' }];
  for (const c of data.categories || []) urls.push({ loc: `/category/${c.id}` });
  for (const b of data.brands || []) urls.push({ loc: `/brand/${b.id}` });
  for (const p of data.products || []) urls.push({ loc: `/product/${p.id}`, lastmod: p.updated_at });
  for (const a of data.articles || []) urls.push({ loc: `/article/${a.id}` });
  const body = urls
    .map(({ loc, lastmod }) => {
      const date = lastmod ? new Date(lastmod) : null;
      const mod = date && !Number.isNaN(date.getTime()) ? `<lastmod>${date.toISOString().slice(0, 10)}</lastmod>` : '';
      return `  <url><loc>${xmlEscape(site + loc)}</loc>${mod}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
