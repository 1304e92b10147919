import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT, toBody, validateProduct } from '../productForm.js';
import { COLUMNS, columnName, importProblems, shownValue } from './bulk.js';

describe('the CSV screen', () => {
  it('counts the rows that stop an import', () => {
    const preview = {
      rows: [
        { line: 2, errors: {} },
        { line: 3, errors: { price: ['请填写金额'] } },
        { line: 4, errors: { sku: ['x'], name: ['y'] } },
      ],
    };
    expect(importProblems(preview)).toBe(2);
  });

  it('shows changed values shortly', () => {
    expect(shownValue(null)).toBe('—');
    expect(shownValue('')).toBe('—');
    expect(shownValue(true)).toBe('✓');
    expect(shownValue(false)).toBe('✗');
    expect(shownValue('12.50')).toBe('12.50');
    expect(shownValue('x'.repeat(80))).toHaveLength(61);
  });

  it('names the columns the BFF reads, SKU first', () => {
    expect(COLUMNS.slice(0, 3)).toEqual(['sku', 'id', 'name']);
    expect(new Set(COLUMNS).size).toBe(COLUMNS.length);
    expect(COLUMNS).toContain('variant_stock');
  });

  it("names a preview's columns as the shop's export heads them", () => {
    expect(columnName({ headers: { variant_stock: '规格库存' } }, 'variant_stock')).toBe('规格库存');
    expect(columnName({ headers: {} }, 'stock')).toBe('stock');
  });
});

describe("the product's SKU", () => {
  const product = { ...EMPTY_PRODUCT, name: 'Honey', price: '10' };
  it('is checked as the BFF checks it and sent trimmed, or null when empty', () => {
    expect(validateProduct({ ...product, sku: 'MH-250/a.b_c' }, { isNew: true }).sku).toBeUndefined();
    expect(validateProduct({ ...product, sku: 'has space' }, { isNew: true }).sku).toBe('admin.error.sku');
    expect(validateProduct({ ...product, sku: '-lead' }, { isNew: true }).sku).toBe('admin.error.sku');
    expect(toBody({ ...product, sku: ' MH-1 ' }, { isNew: true }).sku).toBe('MH-1');
    expect(toBody({ ...product, sku: '' }, { isNew: true }).sku).toBeNull();
  });
});
