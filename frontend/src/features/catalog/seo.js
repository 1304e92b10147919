// Structured data for search engines (schema.org), built from the BFF's data.
import { avatarImage, quote } from '../../common/display.js';
import { absoluteUrl } from '../../common/url.js';

export function productJsonLd(product, site) {
  const priced = product.product_variants?.length ? { ...product, ...product.product_variants[0] } : product;
  const { price } = quote(priced); // the guest price, as the page shows it
  const images = (product.images || []).map((img) => absoluteUrl(site, img.path)).filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description || undefined,
    image: images.length ? images : undefined,
    sku: String(product.id),
    brand: product.brand ? { '@type': 'Brand', name: product.brand.name } : undefined,
    offers: {
      '@type': 'Offer',
      url: absoluteUrl(site, `/product/${product.id}`),
      priceCurrency: 'NZD',
      price: Number.isFinite(price) ? price.toFixed(2) : undefined,
      availability:
        Number(priced.virtual_inventory) > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
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
