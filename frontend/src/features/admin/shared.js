// What the console's screens share: the category and brand choices, amounts, list filters in the URL.
import { fetchAdminBrands, fetchAdminCategories } from '../../api/admin.js';

/** The shop's categories (a sub-category indented under its parent) and brands, as select options. */
export async function fetchRefs(api) {
  const [categories, brands] = await Promise.all([fetchAdminCategories(api), fetchAdminBrands(api)]);
  const top = categories.filter((c) => !c.parent_id);
  const categoryOptions = top.flatMap((parent) => [
    { value: String(parent.id), label: parent.name },
    ...categories
      .filter((c) => c.parent_id === parent.id)
      .map((c) => ({ value: String(c.id), label: `\u3000${c.name}` })),
  ]);
  return { categories: categoryOptions, brands: brands.map((b) => ({ value: String(b.id), label: b.name })) };
}

/** An amount of the BFF as the console shows it: two decimals, or a dash when not set. */
export const money = (value) => (value == null || value === '' ? '—' : Number(value).toFixed(2));

/** The URL query with `name` set to `value` (removed when empty); a changed filter starts at page 1. */
export function withFilter(current, name, value) {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  next.delete('page');
  return next;
}
