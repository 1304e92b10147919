import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT, emptyVariant, fromProduct, toBody, validateProduct } from './productForm.js';
import { keepsValue } from './richText.js';

const withVariant = (variant) => ({
  ...EMPTY_PRODUCT,
  name: 'Socks',
  price: '20',
  variants: [{ ...emptyVariant(), name: 'S', price: '20', ...variant }],
});

describe("a variant's own code, barcode and picture in the product editor", () => {
  it('refuses a barcode whose check digit is wrong, and a SKU the BFF would refuse', () => {
    expect(validateProduct(withVariant({ barcode: '9421023620006', sku: 'a b' }), { isNew: true })).toEqual({
      'variants.0.barcode': 'admin.error.barcode',
      'variants.0.sku': 'admin.error.sku',
    });
    expect(validateProduct(withVariant({ barcode: '9421023620005', sku: 'SOCK-S' }), { isNew: true })).toEqual({});
  });

  it('sends the barcode as digits, the picture as an id, blanks as not set', () => {
    const [sent] = toBody(withVariant({ barcode: ' 0360-0029 1452 ', sku: ' S-1 ', image_id: '31' }), {
      isNew: true,
    }).variants;
    expect(sent).toMatchObject({ barcode: '036000291452', sku: 'S-1', image_id: 31 });
    const [blank] = toBody(withVariant({}), { isNew: true }).variants;
    expect(blank).toMatchObject({ barcode: null, sku: null, image_id: null });
  });

  it('reads them back from the BFF', () => {
    const values = fromProduct({
      variants: [{ id: 2, name: 'S', price: 1, sku: 'S-1', barcode: '96385074', image_id: 9 }],
    });
    expect(values.variants[0]).toMatchObject({ sku: 'S-1', barcode: '96385074', image_id: '9' });
    expect(
      fromProduct({ variants: [{ id: 2, name: 'S', price: 1, sku: null, image_id: null }] }).variants[0],
    ).toMatchObject({ sku: '', barcode: '', image_id: '' });
  });
});

describe("the details preview keeps an uploaded picture's srcset as the BFF does", () => {
  it.each([
    ['/media/details/a-320w.webp 320w, /media/details/a-640w.webp 640w', true],
    ['https://cdn.example/a.webp 1x, https://cdn.example/b.webp 2x', true],
    ['javascript:alert(1) 1x', false],
    ['/media/a.webp 320w, http://evil.example/a.webp 640w', false],
    ['/media/a.webp 320w, data:image/svg+xml;base64,PHN2Zz4= 640w', false],
    ['//evil.example/a.webp 320w', false],
    ['/media/a.webp 320q', false],
  ])('%s', (srcset, kept) => {
    expect(keepsValue('srcset', srcset)).toBe(kept);
  });

  it('keeps sizes and loading with harmless values only', () => {
    expect(keepsValue('sizes', '(min-width: 896px) 896px, 100vw')).toBe(true);
    expect(keepsValue('sizes', 'calc(100vw - "x")')).toBe(false);
    expect(keepsValue('sizes', 'x')).toBe(false);
    expect(keepsValue('loading', 'lazy')).toBe(true);
    expect(keepsValue('loading', 'x onerror=alert(1)')).toBe(false);
  });
});
