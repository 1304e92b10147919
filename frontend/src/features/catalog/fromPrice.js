// The "from" price of a product card. Its own module, beside the card (its one user), so the
// product page's first load does not carry it.
import { cardPrice } from '../../common/display.js';

/**
 * A product with variants shows "from" its cheapest: what this shopper pays for the cheapest
 * variant, each priced as `cardPrice` prices it ({ price, original, special }); null without
 * variants. The BFF's `from_price` (bff/pricing/rules.py price_range) is the same figure.
 */
export const fromPrice = (product, user = null) =>
  (product.product_variants || []).reduce((low, v) => {
    const shown = cardPrice({ ...product, ...v, id: product.id }, user);
    return low && low.price <= shown.price ? low : shown;
  }, null);
