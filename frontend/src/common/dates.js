// Times on screen (SPEC section 9: yyyy-MM-dd HH:mm:ss) in the shop's time zone, the
// IANA name in its settings (`time_zone`), never the zone of the machine that renders:
// the server and the browser give the same text, so hydration matches, and a shopper
// in China sees Beijing time wherever the server runs. The BFF sends UTC with an offset.
import { DEFAULT_TIME_ZONE } from './timeZone.js';

export { DEFAULT_TIME_ZONE };

const PARTS = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};
const formatters = new Map();

function formatterFor(timeZone) {
  if (!formatters.has(timeZone)) {
    let formatter;
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...PARTS, timeZone });
    } catch {
      // An unknown zone name (or a browser without it): UTC, labelled nowhere but consistent.
      formatter = new Intl.DateTimeFormat('en-US', { ...PARTS, timeZone: 'UTC' });
    }
    formatters.set(timeZone, formatter);
  }
  return formatters.get(timeZone);
}

/** yyyy-MM-dd HH:mm:ss of `value` (ISO 8601 text or a Date) in `timeZone`; '' when missing or not a date. */
export function formatDateTime(value, timeZone = DEFAULT_TIME_ZONE) {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = {};
  for (const { type, value: text } of formatterFor(timeZone || DEFAULT_TIME_ZONE).formatToParts(date)) {
    part[type] = text;
  }
  const hour = part.hour === '24' ? '00' : part.hour; // older ICU writes midnight as 24 despite h23
  return `${part.year}-${part.month}-${part.day} ${hour}:${part.minute}:${part.second}`;
}
