// The document head of a page, on the server (html.js writes it): the shop settings, the matched
// routes' titles (title.js, which the browser also uses after a navigation) and the server's own
// part of each route's head, named by its `handle.head` (pageHeads.js).
import { htmlLang, languageOf, translator } from '../i18n/index.js';
import { absoluteUrl, siteOrigin } from '../common/url.js';
import { pageTitle } from './title.js';
import { PAGE_HEADS } from './pageHeads.js';

export { siteOrigin };

/**
 * matches: router matches [{route: {handle}, data, params, pathname}]
 * Returns a plain object describing the head; renderHead() turns it into HTML.
 */
export function buildHead({ shop, matches = [], url, origin }) {
  const language = languageOf(shop);
  const t = translator(language);
  const shopName = shop?.shop_name || '';
  const base = {
    description: shop?.shop_description || shop?.shop_slogan || shopName,
    // The shop's share picture (1200×630) before its logo: what a link preview shows.
    image: shop?.shop_image || shop?.shop_logo || null,
    noindex: false,
    canonicalPath: null,
    jsonLd: [],
  };
  const parsed = new URL(url, origin);
  let meta = { ...base };
  for (const match of matches) {
    const name = match.route?.handle?.head ?? match.handle?.head;
    if (!name) continue;
    const own = PAGE_HEADS[name]({ data: match.data ?? match.loaderData, params: match.params, shop, t, url: parsed });
    meta = { ...meta, ...Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined)) };
  }
  const site = siteOrigin(shop, origin);
  return {
    lang: htmlLang(language),
    locale: language === 'en' ? 'en_NZ' : 'zh_CN',
    // No shop answered (an unknown host): the page says what was not found.
    title: pageTitle(shop, matches),
    description: meta.description,
    icon: shop?.shop_ico || null,
    touchIcon: shop?.shop_logo || null,
    canonical: meta.noindex ? null : absoluteUrl(site, meta.canonicalPath ?? parsed.pathname),
    image: absoluteUrl(site, meta.image),
    noindex: Boolean(meta.noindex),
    type: meta.type || 'website',
    siteName: shopName,
    url: absoluteUrl(site, parsed.pathname + parsed.search),
    jsonLd: (meta.jsonLd || []).map((item) => (typeof item === 'function' ? item(site) : item)),
    preload: meta.preload || null,
  };
}

const esc = (s) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/** JSON safe inside a <script> element: nothing can close the tag or open a comment. */
export function serializeJson(value) {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function renderHead(head) {
  const tags = [`<title>${esc(head.title)}</title>`];
  const meta = (attr, key, content) => content && tags.push(`<meta ${attr}="${key}" content="${esc(content)}">`);
  meta('name', 'description', head.description);
  if (head.noindex) meta('name', 'robots', 'noindex, follow');
  // No icon of the shop's: an empty one, or browsers ask for /favicon.ico, which renders the 404 page
  // (three BFF calls) and puts an error in the console.
  tags.push(`<link rel="icon" href="${head.icon ? esc(head.icon) : 'data:,'}">`);
  if (head.touchIcon) tags.push(`<link rel="apple-touch-icon" href="${esc(head.touchIcon)}">`);
  if (head.canonical) tags.push(`<link rel="canonical" href="${esc(head.canonical)}">`);
  meta('property', 'og:type', head.type);
  meta('property', 'og:locale', head.locale);
  meta('property', 'og:site_name', head.siteName);
  meta('property', 'og:title', head.title);
  meta('property', 'og:description', head.description);
  meta('property', 'og:url', head.canonical || head.url);
  meta('property', 'og:image', head.image);
  meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary');
  meta('name', 'twitter:title', head.title);
  meta('name', 'twitter:description', head.description);
  meta('name', 'twitter:image', head.image);
  if (head.preload?.href) {
    // The page's largest picture, fetched with high priority as the HTML arrives (issue 27.5).
    const { href, srcset, sizes } = head.preload;
    const responsive = srcset ? ` imagesrcset="${esc(srcset)}" imagesizes="${esc(sizes)}"` : '';
    tags.push(`<link rel="preload" as="image" href="${esc(href)}"${responsive} fetchpriority="high">`);
  }
  for (const item of head.jsonLd) tags.push(`<script type="application/ld+json">${serializeJson(item)}</script>`);
  return tags.join('\n    ');
}
