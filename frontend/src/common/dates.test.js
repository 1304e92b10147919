import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, formatDateTime } from './dates.js';

describe('formatDateTime in the shop time zone', () => {
  it('shows a UTC time as Beijing time (+8), across midnight', () => {
    expect(formatDateTime('2026-11-23T16:30:05+00:00', 'Asia/Shanghai')).toBe('2026-11-24 00:30:05');
    expect(formatDateTime('2026-11-23T01:02:03Z', 'Asia/Shanghai')).toBe('2026-11-23 09:02:03');
  });

  it('follows New Zealand daylight saving time (+13 in summer, +12 in winter)', () => {
    expect(formatDateTime('2026-01-15T00:00:00+00:00', 'Pacific/Auckland')).toBe('2026-01-15 13:00:00');
    expect(formatDateTime('2026-07-15T00:00:00+00:00', 'Pacific/Auckland')).toBe('2026-07-15 12:00:00');
    // DST ends 2026-04-05 03:00 NZDT -> 02:00 NZST (14:00 UTC the day before).
    expect(formatDateTime('2026-04-04T13:59:59Z', 'Pacific/Auckland')).toBe('2026-04-05 02:59:59');
    expect(formatDateTime('2026-04-04T14:00:00Z', 'Pacific/Auckland')).toBe('2026-04-05 02:00:00');
  });

  it('reads any offset the time carries', () => {
    expect(formatDateTime('2026-11-24T00:30:05+08:00', 'Asia/Shanghai')).toBe('2026-11-24 00:30:05');
    expect(formatDateTime(new Date(Date.UTC(2024, 0, 5, 1, 3, 7)), 'UTC')).toBe('2024-01-05 01:03:07');
  });

  it('does not depend on the zone of the machine: the default is the demo shop zone', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Shanghai');
    expect(formatDateTime('2026-11-23T16:00:00Z')).toBe('2026-11-24 00:00:00');
    expect(formatDateTime('2026-11-23T16:00:00Z', 'Not/AZone')).toBe('2026-11-23 16:00:00');
  });

  it('is empty when missing or not a date', () => {
    expect(formatDateTime(null, 'Asia/Shanghai')).toBe('');
    expect(formatDateTime('nope', 'Asia/Shanghai')).toBe('');
  });
});
