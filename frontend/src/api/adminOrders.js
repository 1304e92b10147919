import { ifMatch } from './admin.js';
import { PATHS } from './paths.js';

// The owner's order, customer and dashboard calls (docs/api.md, "Admin: orders and customers").
// Each order action answers the order's detail ({ order, customer, payments, refunds, history,
// actions }); a step the order's state does not allow is a 409 with the reason in the shop's language.

const O = PATHS.adminOrders;
const C = PATHS.adminCustomers;
const given = (params) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '' && v != null));
const enc = encodeURIComponent;

export const ORDER_FILTERS = [
  'q',
  'status',
  'date_from',
  'date_to',
  'payment_method',
  'shipping_type',
  'claimed',
  'held',
  'refund_abnormal',
  'tag',
];

/** One page of the shop's orders: { data, current_page, last_page, per_page, total }. */
export async function listAdminOrders(http, filters = {}) {
  const { data } = await http.get(O, { params: given(filters) });
  return data.orders;
}

/** Every order the filters find, as a CSV Blob (the file is made by the BFF). */
export async function exportOrdersCsv(http, filters = {}) {
  const { data } = await http.get(`${O}/export.csv`, { params: given(filters), responseType: 'blob' });
  return data;
}

export async function fetchAdminOrder(http, number) {
  const { data } = await http.get(`${O}/${enc(number)}`);
  return data;
}

// Each step names the order's version as read (If-Match): 428 without it, 412 when the order
// changed since (another person's step), so nobody ships or refunds an order they have not seen.
const action = (path) => async (http, number, body, version) => {
  const { data } = await http.post(`${O}/${enc(number)}/${path}`, body, { headers: ifMatch(version) });
  return data;
};
/** (http, number, { amount, reference, note }, version) — a payment taken by hand (QR code, transfer). */
export const markOrderPaid = action('mark-paid');
/** { shipping_company, tracking_number, note } */
export const shipOrder = action('ship');
/** { reason } */
export const cancelAdminOrder = action('cancel');
/** { amount, reason } */
export const refundOrder = action('refunds');
/** { reason } — the shopper's 「我已付款」 was not borne out; the reason is mailed. */
export const rejectPayment = action('reject-payment');
/** A cancelled order holding its whole total (a payment after the cancellation) made paid again. */
export const reviveOrder = action('revive');

/** { body } — a staff note (never shown to the shopper); answers the order's detail with its notes. */
export async function addOrderNote(http, number, body) {
  const { data } = await http.post(`${O}/${enc(number)}/notes`, body);
  return data;
}

/** The order's staff tags from now on (a list of words); answers the order's detail. */
export async function setOrderTags(http, number, tags) {
  const { data } = await http.put(`${O}/${enc(number)}/tags`, { tags });
  return data;
}

/** The screenshot the shopper attached to 「我已付款」, as a Blob. */
export async function fetchPaymentProof(http, number) {
  const { data } = await http.get(`${O}/${enc(number)}/payment-proof`, { responseType: 'blob' });
  return data;
}

/** The recipient fields; `version` is the order's as read (412 when it changed since). */
export async function editOrderAddress(http, number, body, version) {
  const { data } = await http.put(`${O}/${enc(number)}/address`, body, { headers: ifMatch(version) });
  return data;
}

export async function fetchDashboard(http) {
  const { data } = await http.get(PATHS.adminDashboard);
  return data;
}

export async function listCustomers(http, { q = '', blocked = '', page = 1 } = {}) {
  const { data } = await http.get(C, { params: given({ q, blocked, page }) });
  return data.customers;
}

/** { customer, orders, member_levels } */
export async function fetchCustomer(http, id) {
  const { data } = await http.get(`${C}/${id}`);
  return data;
}

/** { member_level_id?: id | null, is_special_member?: boolean } on the customer at `version` (If-Match). */
export async function updateMembership(http, id, body, version) {
  const { data } = await http.patch(`${C}/${id}`, body, { headers: ifMatch(version) });
  return data;
}

export async function setCustomerBlocked(http, id, blocked, version, reason = '') {
  const { data } = await http.post(`${C}/${id}/${blocked ? 'block' : 'unblock'}`, blocked ? { reason } : undefined, {
    headers: ifMatch(version),
  });
  return data;
}
