import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT, fromProduct, toBody } from './productForm.js';

describe("a product's draft flag and start (issue 25.4)", () => {
  it('sends a draft with no start, and a start as the BFF gave it', () => {
    const draft = toBody({ ...EMPTY_PRODUCT, name: 'Tea', price: '9', is_active: false }, { isNew: true });
    expect(draft).toMatchObject({ is_active: false, publish_at: null });
    const values = fromProduct({ ...EMPTY_PRODUCT, is_active: 1, publish_at: '2026-12-23T20:00:00+00:00' });
    expect(values.is_active).toBe(true);
    expect(toBody(values, { isNew: false })).toMatchObject({
      is_active: true,
      publish_at: '2026-12-23T20:00:00+00:00',
    });
  });

  it('reads a hidden product as a draft', () => {
    expect(fromProduct({ ...EMPTY_PRODUCT, is_active: 0 }).is_active).toBe(false);
  });
});
