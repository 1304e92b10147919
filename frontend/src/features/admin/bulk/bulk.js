// The CSV screen's rules: the columns the BFF reads (bff/catalog/csv_transfer.py COLUMNS, one row
// per variant) and how a preview's values are shown.
export const COLUMNS = [
  'sku',
  'id',
  'name',
  'variant_id',
  'variant_name',
  'variant_price',
  'variant_discount',
  'variant_member_price',
  'variant_stock',
  'variant_weight',
  'price',
  'discount',
  'member_price',
  'stock',
  'weight',
  'category',
  'brand',
  'is_active',
  'is_featured',
  'is_free_shipping',
  'recommend_weight',
  'color',
  'size',
  'description',
  'composition',
  'usage_instructions',
];

/** How many rows of a preview stop the import. */
export const importProblems = (preview) => preview.rows.filter((row) => Object.keys(row.errors).length).length;

/** A value of a row's change: empty as a dash, flags as ✓ / ✗, long texts cut. */
export function shownValue(value) {
  if (value === null || value === undefined || value === '') return '—';
  if (value === true) return '✓';
  if (value === false) return '✗';
  const text = String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** A column's name as the shop's export heads it (the preview's `headers`), else its key. */
export const columnName = (preview, name) => preview?.headers?.[name] || name;
