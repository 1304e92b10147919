import { describe, expect, it } from 'vitest';
import { paginationCells, paginationItems, PHONE_PAGES } from './pagination.js';

describe('paginationItems', () => {
  it('is hidden at one page or fewer', () => {
    expect(paginationItems(1, 1)).toEqual([]);
    expect(paginationItems(1, 0)).toEqual([]);
  });
  it('shows every page when few', () => {
    expect(paginationItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('adds ellipses around the current window', () => {
    expect(paginationItems(10, 20)).toEqual([1, 2, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 19, 20]);
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 'ellipsis', 19, 20]);
    expect(paginationItems(20, 20)).toEqual([1, 2, 'ellipsis', 18, 19, 20]);
  });
  it('joins without ellipsis when the gap is nothing', () => {
    expect(paginationItems(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 'ellipsis', 9, 10]);
  });
});

// Issue 30.7: on a 360 px phone the page numbers wrapped to two lines (13 cells of 36 px).
describe("a phone's page numbers", () => {
  const shown = (cells, where) => cells.filter((c) => c[where]).map((c) => c.item);
  it('are the first, the current and the last, a gap of one page filled', () => {
    expect(paginationItems(10, 20, PHONE_PAGES)).toEqual([1, 'ellipsis', 10, 'ellipsis', 20]);
    expect(paginationItems(1, 20, PHONE_PAGES)).toEqual([1, 'ellipsis', 20]);
    expect(paginationItems(3, 5, PHONE_PAGES)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationItems(2, 3, PHONE_PAGES)).toEqual([1, 2, 3]);
  });
  it('fit one row of 7 cells with the arrows at every page of up to 120', () => {
    for (let total = 2; total <= 120; total += 1) {
      for (let page = 1; page <= total; page += 1) {
        const cells = paginationCells(page, total);
        const arrows = (page > 1) + (page < total);
        expect(shown(cells, 'phone')).toEqual(paginationItems(page, total, PHONE_PAGES));
        expect(shown(cells, 'wide')).toEqual(paginationItems(page, total));
        expect(shown(cells, 'phone').length + arrows).toBeLessThanOrEqual(7);
        expect(shown(cells, 'phone')).toContain(page);
      }
    }
  });
  it('share the cells the wide row shows too', () => {
    const both = (item) => ({ item, wide: true, phone: true });
    const wide = (item) => ({ item, wide: true, phone: false });
    const phone = (item) => ({ item, wide: false, phone: true });
    expect(paginationCells(10, 20)).toEqual([
      both(1),
      wide(2),
      wide('ellipsis'),
      wide(8),
      wide(9),
      phone('ellipsis'),
      both(10),
      wide(11),
      wide(12),
      wide('ellipsis'),
      wide(19),
      phone('ellipsis'),
      both(20),
    ]);
  });
});
