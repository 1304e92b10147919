import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emailRule, integerRule, moneyRule, passwordRule, recipientRules } from './forms.js';
import { CHINA } from './shipping.js';
// Tests may import any layer (src/layers.test.js): the features' validators are what the forms run.
import {
  EMAIL_MESSAGES,
  PASSWORD_MESSAGES,
  RESET_EMAIL_MESSAGES,
  validateForgotPassword,
  validateLogin,
  validateRegister,
  validateResetPassword,
} from '../../features/account/validators.js';
import { NZ_MESSAGES, RECIPIENT_REQUIRED, validateRecipient } from '../../features/addresses/validators.js';

// The same table the BFF's pytest runs (rules/validation_cases.json).
const table = JSON.parse(fs.readFileSync(new URL('../../../../rules/validation_cases.json', import.meta.url), 'utf8'));

// The validators answer with message keys (the translator is the identity here);
// these turn them back into the table's rule names.
const key = (k) => k;
const ruleOf = (messages) => (message) =>
  message == null ? null : Object.keys(messages).find((rule) => messages[rule] === message);
const recipientRule = (field, message) =>
  message === NZ_MESSAGES[field] ? 'nz_address' : RECIPIENT_REQUIRED[field] === message && 'required';
const cases = (name) => table[name].map((c) => [c.case, c]);

describe('email (rules/validation_cases.json)', () => {
  it.each(cases('email'))('%s', (_, c) => {
    expect(emailRule(c.value)).toBe(c.expected);
    expect(ruleOf(EMAIL_MESSAGES)(validateLogin({ email: c.value, password: 'x' }, key).email)).toBe(c.expected);
    expect(ruleOf(EMAIL_MESSAGES)(validateRegister({ email: c.value }, key).email)).toBe(c.expected);
    expect(ruleOf(RESET_EMAIL_MESSAGES)(validateForgotPassword({ email: c.value }, key).email)).toBe(c.expected);
  });
});

describe('password (rules/validation_cases.json)', () => {
  it.each(cases('password'))('%s', (_, c) => {
    expect(passwordRule(c.value)).toBe(c.expected);
    expect(ruleOf(PASSWORD_MESSAGES)(validateRegister({ password: c.value }, key).password)).toBe(c.expected);
    expect(ruleOf(PASSWORD_MESSAGES)(validateResetPassword({ password: c.value }, key).password)).toBe(c.expected);
  });
});

const SHANGHAI = { province_code: '310000', city_code: '310000', district_code: '310115' };

describe('recipient (rules/validation_cases.json)', () => {
  it.each(cases('recipient'))('%s', (_, c) => {
    expect(recipientRules(c.values)).toEqual(c.expected);
    // The table holds the text rules; a China recipient also names its place from the lists,
    // checked apart (features/addresses): here a valid one, 上海市 浦东新区, as the pytest does.
    const errors = validateRecipient({ ...c.values, ...SHANGHAI });
    const expected = { ...c.expected };
    if (c.values.shipping_country === CHINA) delete expected.shipping_city; // the BFF writes it from the place
    expect(
      Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, recipientRule(field, message)])),
    ).toEqual(expected);
  });
});

describe('the table', () => {
  it('covers every rule of each kind', () => {
    expect(new Set(table.email.map((c) => c.expected))).toEqual(new Set([null, 'required', 'invalid']));
    expect(new Set(table.password.map((c) => c.expected))).toEqual(
      new Set([null, 'required', 'too_short', 'too_long', 'weak']),
    );
  });
});

describe('console numbers (the BFF form fields)', () => {
  it.each([
    ['12', null],
    ['12.5', null],
    ['12.50', null],
    ['.5', null],
    ['0', null],
    ['', null],
    ['10.555', 'invalid'],
    ['-1', 'invalid'],
    ['1e3', 'invalid'],
    ['abc', 'invalid'],
    ['12.', null],
    ['99999999999', 'too_large'],
  ])('money %j is %s', (value, expected) => {
    expect(moneyRule(value)).toBe(expected);
  });
  it('requires money when asked', () => {
    expect(moneyRule(' ', { required: true })).toBe('required');
    expect(moneyRule('3', { required: true })).toBe(null);
  });
  it.each([
    ['0', null],
    ['-3', 'too_small'],
    ['1.5', 'invalid'],
    ['', 'required'],
    ['1000001', 'too_large'],
  ])('integer %j within [0, 1000000] is %s', (value, expected) => {
    expect(integerRule(value, { min: 0, max: 1000000 })).toBe(expected);
  });
});
