import { describe, expect, it } from 'vitest';
import {
  categoryTree,
  fromLocalInput,
  fromObject,
  moveAmongSiblings,
  parseIds,
  sameParent,
  toBody,
  toLocalInput,
  validateContent,
} from './kinds.js';

describe('the console forms of categories, brands, banners and articles', () => {
  it('checks a name, its length and the order before a save', () => {
    const values = { ...fromObject('categories'), name: '  ' };
    expect(validateContent('categories', values)).toEqual({ name: 'admin.error.nameRequired' });
    expect(validateContent('brands', { ...fromObject('brands'), name: 'x'.repeat(121) })).toEqual({
      name: 'admin.error.tooLong',
    });
    expect(validateContent('brands', { ...fromObject('brands'), name: 'B', position: '1.5' })).toEqual({
      position: 'admin.error.integer',
    });
    expect(validateContent('brands', { ...fromObject('brands'), name: 'B', position: '1000001' })).toEqual({
      position: 'admin.error.tooLarge',
    });
  });

  it('checks a banner link, its product numbers and its dates', () => {
    const banner = { ...fromObject('banners'), name: 'Spring' };
    expect(validateContent('banners', { ...banner, link_url: 'javascript:alert(1)' })).toEqual({
      link_url: 'admin.content.error.link',
    });
    expect(validateContent('banners', { ...banner, product_ids: '3, x' })).toEqual({
      product_ids: 'admin.content.error.ids',
    });
    const dates = { ...banner, starts_at: '2026-05-02T10:00', ends_at: '2026-05-01T10:00' };
    expect(validateContent('banners', dates, 'Asia/Shanghai')).toEqual({ ends_at: 'admin.content.error.datesOrder' });
    expect(validateContent('banners', { ...banner, link_url: '/brand/3', product_ids: '3 5,8' })).toEqual({});
  });

  it('sends typed bodies: numbers, null for an empty link or date, product numbers once', () => {
    const body = toBody(
      'banners',
      {
        name: ' Spring ',
        link_url: '',
        product_ids: '5, 3 5',
        is_active: false,
        starts_at: '2026-05-01T08:00',
        ends_at: '',
        position: ' 20 ',
      },
      'Asia/Shanghai',
    );
    expect(body).toEqual({
      name: 'Spring',
      link_url: null,
      product_ids: [5, 3],
      is_active: false,
      starts_at: '2026-05-01T00:00:00.000Z',
      ends_at: null,
      position: 20,
    });
    expect(toBody('categories', { name: 'Sub', parent_id: '4', position: '0' })).toEqual({
      name: 'Sub',
      parent_id: 4,
      position: 0,
    });
    expect(parseIds('')).toEqual([]);
    expect(parseIds('0')).toBeNull();
  });

  it("reads and writes banner dates on the shop's wall clock, daylight saving included", () => {
    expect(toLocalInput('2026-05-01T00:00:00Z', 'Asia/Shanghai')).toBe('2026-05-01T08:00');
    expect(fromLocalInput('2026-01-15T09:30', 'Pacific/Auckland')).toBe('2026-01-14T20:30:00.000Z');
    expect(fromLocalInput('2026-07-15T09:30', 'Pacific/Auckland')).toBe('2026-07-14T21:30:00.000Z');
    expect(fromLocalInput('', 'Asia/Shanghai')).toBeNull();
    expect(fromLocalInput('tomorrow', 'Asia/Shanghai')).toBeUndefined();
    const banner = fromObject('banners', { name: 'B', starts_at: '2026-05-01T00:00:00Z', product_ids: [1, 2] }, 'UTC');
    expect(banner.starts_at).toBe('2026-05-01T00:00');
    expect(banner.product_ids).toBe('1, 2');
    expect(fromObject('banners').is_active).toBe(true);
  });

  it('shows the categories as a two-level tree in the shop order', () => {
    const categories = [
      { id: 3, name: 'child of 2', parent_id: 2, position: 0 },
      { id: 1, name: 'second', parent_id: null, position: 5 },
      { id: 2, name: 'first', parent_id: null, position: 1 },
      { id: 4, name: 'child of 1', parent_id: 1, position: 0 },
    ];
    expect(categoryTree(categories).map(({ category, depth }) => [category.id, depth])).toEqual([
      [2, 0],
      [3, 1],
      [1, 0],
      [4, 1],
    ]);
  });

  it('moves an item among its siblings only, renumbering what changed', () => {
    const items = [
      { id: 1, parent_id: null, position: 0, version: 1 },
      { id: 2, parent_id: null, position: 0, version: 4 },
      { id: 3, parent_id: 1, position: 0, version: 2 },
    ];
    expect(moveAmongSiblings(items, items[1], -1, sameParent)).toEqual([
      { id: 2, version: 4, position: 10 },
      { id: 1, version: 1, position: 20 },
    ]);
    expect(moveAmongSiblings(items, items[0], -1, sameParent)).toEqual([]);
    expect(moveAmongSiblings(items, items[2], 1, sameParent)).toEqual([]);
  });
});
