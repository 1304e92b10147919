import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createAppStore } from '../../app/store.js';
import ShopTime from './ShopTime.jsx';

const shopIn = (timeZone) =>
  createAppStore({ preloadedState: { shop: { info: { time_zone: timeZone }, categories: [], articles: [] } } });
const html = (store, value) =>
  renderToString(
    <Provider store={store}>
      <ShopTime value={value} data-testid="t" />
    </Provider>,
  );

describe('ShopTime', () => {
  it('shows an order time in Beijing time for the Chinese shop', () => {
    expect(html(shopIn('Asia/Shanghai'), '2026-11-23T16:30:05+00:00')).toBe(
      '<time dateTime="2026-11-23T16:30:05+00:00" data-testid="t">2026-11-24 00:30:05</time>',
    );
  });

  it('shows it in New Zealand time, with daylight saving, for the English shop', () => {
    expect(html(shopIn('Pacific/Auckland'), '2026-11-23T16:30:05+00:00')).toContain('>2026-11-24 05:30:05<');
    expect(html(shopIn('Pacific/Auckland'), '2026-06-23T16:30:05+00:00')).toContain('>2026-06-24 04:30:05<');
  });

  it('renders the same text wherever it runs (no hydration mismatch): the shop zone, not the machine', () => {
    const before = process.env.TZ;
    const first = html(shopIn('Asia/Shanghai'), '2026-11-23T16:30:05Z');
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(html(shopIn('Asia/Shanghai'), '2026-11-23T16:30:05Z')).toBe(first);
    } finally {
      process.env.TZ = before;
    }
  });
});
