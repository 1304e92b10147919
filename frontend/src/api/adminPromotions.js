import { ifMatch } from './admin.js';

// The console's promotions: discount codes, 满减 spend tiers and free-shipping thresholds. The
// same calls for each kind (bff/promotions/admin_routes.py), answering `{<name>: ...}` with `version`.
// Named here, not in paths.js (in every shopper's first load): only the console calls them.
export const PROMOTION_KINDS = {
  codes: { path: '/api/admin/discount-codes', name: 'discount_code', plural: 'discount_codes' },
  tiers: { path: '/api/admin/spend-tiers', name: 'spend_tier', plural: 'spend_tiers' },
  freeShipping: { path: '/api/admin/free-shipping', name: 'free_shipping', plural: 'free_shipping' },
};

export const listPromotions = async (http, kind) => {
  const { path, plural } = PROMOTION_KINDS[kind];
  return (await http.get(path)).data[plural];
};

export const createPromotion = async (http, kind, body) => {
  const { path, name } = PROMOTION_KINDS[kind];
  return (await http.post(path, body)).data[name];
};

/** Pause or resume the copy at `version` (412 when another save came first). */
export const setPromotionPaused = async (http, kind, id, paused, version) => {
  const { path, name } = PROMOTION_KINDS[kind];
  return (await http.patch(`${path}/${id}`, { paused }, { headers: ifMatch(version) })).data[name];
};

export const deletePromotion = async (http, kind, id, version) => {
  const { path } = PROMOTION_KINDS[kind];
  await http.delete(`${path}/${id}`, { headers: ifMatch(version) });
};

/** The orders that applied it: { orders, count, saved }. */
export const promotionUses = async (http, kind, id) => {
  const { path } = PROMOTION_KINDS[kind];
  return (await http.get(`${path}/${id}/uses`)).data;
};
