// Edges of the browser's form and ID-number rules that mutation testing (make mutation, Stryker)
// found untested: the limits are inclusive, values are trimmed, nothing given is handled.
import { describe, expect, it } from 'vitest';
import { emailRule, integerRule, isEmail, moneyRule, nzCityInEnglish, recipientRules } from './forms.js';
import { isMaskedIdNumber, maskIdNumber } from './idNumbers.js';

const DOMAIN = '@example.com';

describe('form rules at their edges', () => {
  it('takes an address of exactly 254 characters and refuses one of 255', () => {
    const at254 = 'a'.repeat(254 - DOMAIN.length) + DOMAIN;
    expect(at254).toHaveLength(254);
    expect(isEmail(at254)).toBe(true);
    expect(emailRule(at254)).toBeNull();
    expect(isEmail(`a${at254}`)).toBe(false);
  });

  it('finds a Chinese city name with spaces around it or before 市', () => {
    expect(nzCityInEnglish(' 奥克兰 ')).toBe('Auckland');
    expect(nzCityInEnglish('奥克兰 市')).toBe('Auckland');
    expect(nzCityInEnglish(' 奥克兰 市 ')).toBe('Auckland');
  });

  it('asks for every recipient field when given nothing at all', () => {
    const required = {
      shipping_name: 'required',
      shipping_contact: 'required',
      shipping_address: 'required',
      shipping_city: 'required',
      shipping_country: 'required',
    };
    expect(recipientRules(undefined)).toEqual(required);
    expect(recipientRules(null)).toEqual(required);
  });

  it('takes the largest amount, 9999999999.99, and refuses a cent more', () => {
    expect(moneyRule('9999999999.99')).toBeNull();
    expect(moneyRule('10000000000.00')).toBe('too_large');
  });

  it('takes a whole number at its bounds and with spaces around it', () => {
    expect(integerRule('10', { max: 10 })).toBeNull();
    expect(integerRule('11', { max: 10 })).toBe('too_large');
    expect(integerRule('0', { min: 0 })).toBeNull();
    expect(integerRule(' 5 ')).toBeNull();
    expect(integerRule('-5')).toBeNull(); // no lower bound unless one is given
    expect(integerRule('123456789')).toBeNull(); // nor an upper one
  });
});

describe('ID numbers given nothing', () => {
  it('masks nothing as nothing and finds no mask in it', () => {
    expect(maskIdNumber(undefined)).toBe('');
    expect(maskIdNumber(null)).toBe('');
    expect(isMaskedIdNumber(undefined)).toBe(false);
    expect(isMaskedIdNumber(null)).toBe(false);
  });
});
