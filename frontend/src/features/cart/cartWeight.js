import { memoized } from '../../common/events.js';
import { totalWeight, weighedLine } from '../../common/rules/shipping.js';
import { selectCartItems } from './cartSlice.js';

// Apart from cartSlice.js, which every first load carries: only checkout weighs the cart, and the
// shipping rules come with it (issue 27).

/** Grams the cart counts for shipping (free-shipping items 0, variant weight wins). */
export const selectCartWeight = memoized([selectCartItems], (items) => totalWeight(items.map(weighedLine)));
