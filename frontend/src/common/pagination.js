// Page numbers (SPEC section 9's pagination), apart from display.js: only the listings and the
// lists of the account pages show them, so the home and product pages' first load has none of it.

function toNumber(value) {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return NaN;
  return Number(value);
}

/**
 * Page numbers to show: the first `edge`, the last `edge` and those within `around` of the
 * current page (2 and 2 by default), with 'ellipsis' marking each gap; with `fill`, a gap of one
 * page shows that page instead (as wide as the ellipsis). Empty when there is at most 1 page.
 */
export function paginationItems(current, total, { edge = 2, around = 2, fill = false } = {}) {
  const last = Math.trunc(toNumber(total) || 0);
  if (last <= 1) return [];
  const cur = Math.min(Math.max(1, Math.trunc(toNumber(current) || 1)), last);
  const shown = (page) => page <= edge || page > last - edge || Math.abs(page - cur) <= around;
  const items = [];
  let previous = 0;
  for (let page = 1; page <= last; page += 1) {
    if (!shown(page) && !(fill && shown(page - 1) && shown(page + 1))) continue;
    if (page - previous > 1) items.push('ellipsis');
    items.push(page);
    previous = page;
  }
  return items;
}

/** A phone's page numbers: the first, the current and the last (issue 30.7: one row at 320 px). */
export const PHONE_PAGES = { edge: 1, around: 0, fill: true };

/**
 * The cells of the page numbers for both widths in one list, so the server's HTML needs no
 * window size: each { item (a page or 'ellipsis'), wide, phone } says where it shows (from the
 * `sm` breakpoint, below it, or both). The phone's pages are a subset of the wide ones.
 */
export function paginationCells(current, total) {
  const phone = new Set(paginationItems(current, total, PHONE_PAGES).filter((i) => i !== 'ellipsis'));
  const cells = [];
  let previousPhone = 0;
  for (const item of paginationItems(current, total)) {
    if (item === 'ellipsis') {
      cells.push({ item, wide: true, phone: false });
      continue;
    }
    if (phone.has(item)) {
      if (item - previousPhone > 1) cells.push({ item: 'ellipsis', wide: false, phone: true });
      previousPhone = item;
    }
    cells.push({ item, wide: true, phone: phone.has(item) });
  }
  return cells;
}
