import { PATHS } from './paths.js';

// The console's shipping work (docs/api.md, "Admin: shipping"): the customs file, packing slips,
// shipping from a tracking file, and a recipient's full ID number (each export and look audited).

const O = PATHS.adminOrders;
const given = (params) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '' && v != null));

const fileName = (res, fallback) =>
  /filename="([^"]+)"/.exec(res.headers?.['content-disposition'] || '')?.[1] || fallback;

/** The customs file ('csv' or 'xlsx') of the paid and shipped orders the filters find: { blob, name }. */
export async function exportCustoms(http, filters = {}, format = 'csv') {
  const res = await http.get(`${O}/customs.${format}`, { params: given(filters), responseType: 'blob' });
  return { blob: res.data, name: fileName(res, `customs.${format}`) };
}

/** { slips: [{ order, place, qr_code }] } of the order numbers given. */
export async function fetchPackingSlips(http, numbers) {
  const { data } = await http.get(`${O}/packing-slips`, { params: { numbers: numbers.join(',') } });
  return data.slips;
}

const asForm = (file) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

/** What shipping from `file` would do: { rows: [{ line, order_number, shipping_company, tracking_number, errors }], ready, failed }. */
export async function previewBulkShip(http, file) {
  const { data } = await http.post(`${O}/bulk-ship/preview`, asForm(file));
  return data;
}

/** Ship every row of `file` in one transaction (422 with `rows.<line>.<column>` errors and nothing shipped). */
export async function runBulkShip(http, file) {
  const { data } = await http.post(`${O}/bulk-ship`, asForm(file));
  return data;
}

/** The recipient's full ID number: { order_number, shipping_name, shipping_id } (the look is audited). */
export async function revealIdNumber(http, number) {
  const { data } = await http.get(`${O}/${encodeURIComponent(number)}/id-number`);
  return data;
}
