// Structured data for search engines (schema.org), built from the BFF's data.
import { avatarImage, quote } from '../../common/display.js';
import { absoluteUrl } from '../../common/url.js';

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/**
 * The lowest and highest price `shopper` pays among `items` (variants), by `quote`; null when
 * none. bff/pricing/rules.py price_range is its twin (rules/pricing_cases.json "ranges"). Here, not
 * in common/display.js: only the server's JSON-LD needs it, and a shopper's first load does not.
 */
export function priceRange(items, shopper = {}) {
  const prices = items.map((item) => quote({ ...item, ...shopper }).price).filter(Number.isFinite);
  return prices.length ? [Math.min(...prices), Math.max(...prices)] : null;
}

/**
 * A product for search engines: one Offer at its guest price, or, with variants, an
 * AggregateOffer from the cheapest to the dearest variant (what a guest pays for each: the
 * cards' "from" price is its lowPrice). https://schema.org/AggregateOffer: lowPrice "the lowest
 * price of all offers available", highPrice "the highest", offerCount "the number of offers for
 * the product" (an AggregateOffer extends Offer, so priceCurrency and availability hold too).
 */
export function productJsonLd(product, site) {
  const images = (product.images || []).map((img) => absoluteUrl(site, img.path)).filter(Boolean);
  const url = absoluteUrl(site, `/product/${product.id}`);
  const variants = product.product_variants || [];
  const common = { url, priceCurrency: 'NZD', itemCondition: 'https://schema.org/NewCondition' };
  let offers;
  if (variants.length) {
    const [low, high] = priceRange(variants.map((v) => ({ ...product, ...v }))) || [NaN, NaN];
    offers = {
      '@type': 'AggregateOffer',
      ...common,
      lowPrice: low.toFixed(2),
      highPrice: high.toFixed(2),
      offerCount: variants.length,
      availability: variants.some((v) => Number(v.virtual_inventory) > 0) ? IN_STOCK : OUT_OF_STOCK,
    };
  } else {
    const { price } = quote(product); // the guest price, as the page shows it
    offers = {
      '@type': 'Offer',
      ...common,
      price: Number.isFinite(price) ? price.toFixed(2) : undefined,
      availability: Number(product.virtual_inventory) > 0 ? IN_STOCK : OUT_OF_STOCK,
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description || undefined,
    image: images.length ? images : undefined,
    sku: String(product.id),
    brand: product.brand ? { '@type': 'Brand', name: product.brand.name } : undefined,
    offers,
  };
}

/** A brand's page: a collection of its products, about the brand. */
export function brandPageJsonLd(brand, site, path) {
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: brand.name,
    url: absoluteUrl(site, path),
    about: {
      '@type': 'Brand',
      name: brand.name,
      logo: absoluteUrl(site, brand.avatar) || undefined,
      slogan: brand.tagline || undefined,
    },
  };
}

/** The shop as an organisation, with its logo: the home page's (what results show beside it). */
export function organizationJsonLd(shop, site) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: shop?.shop_name || undefined,
    url: `${site}/`,
    logo: absoluteUrl(site, shop?.shop_logo || shop?.shop_ico) || undefined,
    slogan: shop?.shop_slogan || undefined,
  };
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** An article's own words for its description: its text without tags, at most `max` characters. */
export function articleDescription(article, max = 160) {
  const text = String(article?.longText || '')
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** The first picture of an article's body (src of its first <img>), or null. */
const firstImage = (html) => /<img\b[^>]*\bsrc="([^"]+)"/i.exec(String(html || ''))?.[1] || null;

/** An article of the shop (delivery terms, about us...), with its picture, dates and author. */
export function articleJsonLd(article, site, shop) {
  const organisation = shop?.shop_name
    ? { '@type': 'Organization', name: shop.shop_name, logo: absoluteUrl(site, shop.shop_logo) || undefined }
    : undefined;
  const image = firstImage(article.longText) || shop?.shop_image || shop?.shop_logo;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: articleDescription(article) || undefined,
    url: absoluteUrl(site, `/article/${article.id}`),
    image: image ? [absoluteUrl(site, image)] : undefined,
    datePublished: article.created_at || undefined,
    dateModified: article.updated_at || article.created_at || undefined,
    author: organisation,
    publisher: organisation,
  };
}

/** crumbs: [{name, path}] from the home page down to the current page. */
export function breadcrumbJsonLd(crumbs, site) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(site, c.path),
    })),
  };
}

export function productImagePath(product) {
  return avatarImage(product)?.path || product.images?.[0]?.path || null;
}

const DESCRIPTION_NAMES = 5;
const DESCRIPTION_MAX = 160;

/**
 * A listing's own description for search results: its own text when it has one (a brand's
 * tagline), else its title and the first products it lists, instead of the shop's generic text.
 */
export function listingDescription(data, t, ownText = '') {
  if (!data) return undefined;
  if (ownText) return ownText;
  const names = (data.products || []).slice(0, DESCRIPTION_NAMES).map((p) => p.name);
  if (!names.length) return undefined;
  const text = t('listing.description', { title: data.title, names: names.join(t('listing.separator')) });
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
}
