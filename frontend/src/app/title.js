// The tab title of a page: the matched routes' `handle.title` (the last that has one) and the
// shop's name. The browser needs only this after a navigation (layout/Layout.jsx); the rest of the
// head (description, canonical link, Open Graph, JSON-LD) is the server's (head.js, pageHeads.js),
// so none of it is in a shopper's first load (issue 27).
import { languageOf, translator } from '../i18n/index.js';

/** The route's own title of `matches` ([{ route: {handle}, data, params }]), or undefined. */
export function routeTitle(matches, t) {
  let title;
  for (const match of matches) {
    const fn = match.route?.handle?.title ?? match.handle?.title;
    const own = fn?.({ data: match.data ?? match.loaderData, params: match.params, t });
    if (own !== undefined) title = own;
  }
  return title;
}

/** "<page> - <shop>", the shop's name alone on its home, "Store not found" without a shop. */
export function pageTitle(shop, matches = []) {
  const t = translator(languageOf(shop));
  if (!shop) return t('storeNotFound.title');
  const shopName = shop.shop_name || '';
  const title = routeTitle(matches, t);
  return title && title !== shopName && shopName ? `${title} - ${shopName}` : title || shopName;
}
