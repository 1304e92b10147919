import { PATHS } from './paths.js';

// The catalogue as CSV (docs/api.md, "Catalogue as CSV").
const P = PATHS.adminProducts;

/** The catalogue's CSV as a Blob, with the file name the BFF gives it. */
export async function exportCatalogue(http) {
  const res = await http.get(`${P}/export`, { responseType: 'blob' });
  const disposition = res.headers?.['content-disposition'] || '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] || 'products.csv';
  return { blob: res.data, name };
}

const asForm = (file) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

/** What importing `file` would do: { summary, rows: [{ line, sku, product_id, name, action, changes, errors }] }. */
export async function previewImport(http, file) {
  const { data } = await http.post(`${P}/import/preview`, asForm(file));
  return data;
}

/** Import `file` in one transaction (422 with `rows.<line>.<column>` errors and nothing written). */
export async function runImport(http, file) {
  const { data } = await http.post(`${P}/import`, asForm(file));
  return data;
}
