import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { idNumberRule, maskIdNumber } from './idNumbers.js';
// Tests may import any layer (src/layers.test.js): the address form runs the rule through this.
import { ID_NUMBER_MESSAGES, validateRecipient } from '../../features/addresses/validators.js';

// The same table the BFF's pytest runs (rules/id_number_cases.json).
const table = JSON.parse(fs.readFileSync(new URL('../../../../rules/id_number_cases.json', import.meta.url), 'utf8'));
const cases = (name) => table[name].map((c) => [c.case, c]);
const ruleOf = (message) =>
  message == null ? null : Object.keys(ID_NUMBER_MESSAGES).find((rule) => ID_NUMBER_MESSAGES[rule] === message);

describe('ID numbers (rules/id_number_cases.json)', () => {
  it.each(cases('validation'))('%s', (_, c) => {
    expect(idNumberRule(c.value)).toBe(c.expected);
    // A mask the BFF answered goes back as it is: the BFF knows the number it stands for.
    const formExpects = c.value.includes('*') ? null : c.expected;
    expect(ruleOf(validateRecipient({ shipping_country: 'New Zealand', shipping_id: c.value }).shipping_id)).toBe(
      formExpects,
    );
  });

  it.each(cases('masks'))('mask: %s', (_, c) => {
    expect(maskIdNumber(c.value)).toBe(c.expected);
  });

  it('lets a masked number the BFF answered go back unchanged (the BFF keeps the stored one)', () => {
    const errors = validateRecipient({ shipping_country: 'New Zealand', shipping_id: '1101**********002X' });
    expect(errors.shipping_id).toBeUndefined();
  });
});
