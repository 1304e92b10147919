import { describe, expect, it } from 'vitest';
import { roundCents } from './money.js';

describe('roundCents', () => {
  it('rounds half up without float drift', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(2.675)).toBe(2.68);
    expect(roundCents(0.1 + 0.2)).toBe(0.3);
    expect(roundCents(10)).toBe(10);
  });
  it('counts what is not a number as 0', () => {
    expect(roundCents(undefined)).toBe(0);
    expect(roundCents('abc')).toBe(0);
    expect(roundCents('12.345')).toBe(12.35);
  });
});
