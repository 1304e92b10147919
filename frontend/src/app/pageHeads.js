// The server's part of each page's head: description, picture, canonical path, noindex and
// JSON-LD, by the name a route gives in `handle.head` (app/routes.jsx). Only the server builds
// these (head.js, from entry-server.jsx), so the structured-data builders stay out of a shopper's
// first load; the title is the route's own `handle.title` (title.js), which the browser needs too.
// Each takes { data, params, shop, t, url } and returns the fields it sets.
import {
  articleDescription,
  articleJsonLd,
  brandPageJsonLd,
  breadcrumbJsonLd,
  listingDescription,
  organizationJsonLd,
  productImagePath,
  productJsonLd,
} from '../features/catalog/seo.js';
import { BANNER_SIZES, MAIN_PICTURE_SIZES, mainPicture } from '../features/catalog/pictures.js';

/** A banner's picture, preloaded in the copy its <img> will pick (srcset and sizes alike). */
const bannerPreload = (banner) => ({ href: banner.avatar, srcset: banner.avatar_srcset, sizes: BANNER_SIZES });

const plain = (url, page) => (page > 1 ? `${url.pathname}?page=${page}` : url.pathname);

/** A listing: sorted variants canonicalise to the plain listing. */
const listing = ({ data, url }) => ({ canonicalPath: plain(url, data?.page || 1) });

const crumbsTo = (data, t, url) => (site) =>
  breadcrumbJsonLd(
    [
      { name: t('nav.home'), path: '/' },
      { name: data.title, path: url.pathname },
    ],
    site,
  );

export const PAGE_HEADS = {
  /** Sign-in, account, checkout, search results, the console, what is not there. */
  noindex: () => ({ noindex: true }),
  listing,
  category: ({ data, t, url }) => ({
    ...listing({ data, url }),
    description: listingDescription(data, t),
    jsonLd: data ? [crumbsTo(data, t, url)] : [],
  }),
  brand: ({ data, t, url }) => ({
    ...listing({ data, url }),
    // The brand's own words when it has them, for its listing's description.
    description: listingDescription(data, t, data?.brand?.tagline),
    image: data?.brand?.avatar || undefined,
    jsonLd: data?.brand ? [(site) => brandPageJsonLd(data.brand, site, url.pathname), crumbsTo(data, t, url)] : [],
  }),
  banner: ({ data, url }) => ({
    ...listing({ data, url }),
    image: data?.banner?.avatar || undefined,
    // The banner's picture heads its listing (LCP).
    preload: data?.banner?.avatar ? bannerPreload(data.banner) : undefined,
  }),
  product: ({ data, t }) => {
    const product = data?.product;
    // A product that is not there (404): the title says so (features/catalog/routes.js), and no crawler keeps it.
    if (!product) return { noindex: true };
    const crumbs = [{ name: t('nav.home'), path: '/' }];
    if (product.category) crumbs.push({ name: product.category.name, path: `/category/${product.category.id}` });
    crumbs.push({ name: product.name, path: `/product/${product.id}` });
    const picture = mainPicture(product);
    return {
      description: product.description || undefined,
      image: productImagePath(product) || undefined,
      // The largest picture (LCP): asked for with the HTML, before the scripts.
      preload: picture?.path ? { href: picture.path, srcset: picture.srcset, sizes: MAIN_PICTURE_SIZES } : undefined,
      type: 'product',
      jsonLd: [(site) => productJsonLd(product, site), (site) => breadcrumbJsonLd(crumbs, site)],
    };
  },
  home: ({ data, shop }) => ({
    // The first banner is the largest picture (LCP): asked for with the HTML, before the scripts.
    preload: data?.banners?.[0]?.avatar ? bannerPreload(data.banners[0]) : undefined,
    jsonLd: [
      (site) => ({
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: shop?.shop_name,
        url: `${site}/`,
        // The site search box in results: the search page takes the words as ?q=.
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${site}/search-product?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      }),
      (site) => organizationJsonLd(shop, site),
    ],
  }),
  article: ({ data, shop }) =>
    data?.article
      ? {
          description: articleDescription(data.article) || undefined,
          type: 'article',
          jsonLd: [(site) => articleJsonLd(data.article, site, shop)],
        }
      : { noindex: true },
};
