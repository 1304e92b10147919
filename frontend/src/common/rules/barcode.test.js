import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalGtin } from './barcode.js';

// The same table the BFF's pytest runs (bff/tests/catalog/test_variant_codes.py).
const table = JSON.parse(fs.readFileSync(new URL('../../../../rules/barcode_cases.json', import.meta.url), 'utf8'));

describe('barcodes (rules/barcode_cases.json)', () => {
  it.each(table.cases.map((c) => [c.case, c]))('%s', (_, c) => {
    expect(normalGtin(c.code)).toBe(c.valid ? c.normal : null);
  });
});
