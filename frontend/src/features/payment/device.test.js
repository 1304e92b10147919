import { describe, expect, it } from 'vitest';
import { deviceOf, hasRealProvider, modeOf, methodsFor, payButtons } from './device.js';

const IN_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47';
const ANDROID = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

describe('payment device', () => {
  it('tells WeChat, other mobile browsers and desktops apart', () => {
    expect(deviceOf(IN_WECHAT)).toBe('wechat');
    expect(deviceOf(ANDROID)).toBe('mobile');
    expect(deviceOf(DESKTOP)).toBe('desktop');
    expect(deviceOf('')).toBe('desktop');
  });

  it('picks JSAPI in WeChat, H5 on mobiles and Native on desktops; Alipay leaves WeChat', () => {
    expect(['wechat', 'mobile', 'desktop'].map((d) => modeOf('wechat_pay', d))).toEqual(['jsapi', 'h5', 'native']);
    expect(['wechat', 'mobile', 'desktop'].map((d) => modeOf('alipay', d))).toEqual(['open_in_browser', 'wap', 'page']);
  });

  it('counts every provider but the sandbox as real', () => {
    expect(hasRealProvider(['sandbox'])).toBe(false);
    expect(hasRealProvider([])).toBe(false);
    expect(hasRealProvider(null)).toBe(false);
    expect(hasRealProvider(['alipay'])).toBe(true);
    expect(hasRealProvider(['antom'])).toBe(true); // the pay page, not a straight redirect
  });
});

describe('methodsFor: the methods that fit where the shopper is', () => {
  const all = ['alipay', 'card', 'wechat_pay', 'sandbox'];
  it('inside WeChat offers WeChat Pay only', () => {
    expect(methodsFor(all, 'wechat', 'New Zealand')).toEqual(['wechat_pay']);
    expect(methodsFor(['alipay', 'card'], 'wechat', '中国')).toEqual(['alipay']); // its open-in-browser help
  });
  it('puts cards, Apple Pay and Google Pay first for a shopper shipping to New Zealand', () => {
    expect(methodsFor(all, 'mobile', 'New Zealand')).toEqual(['card', 'wechat_pay', 'alipay']);
    expect(methodsFor(all, 'desktop', '中国')).toEqual(['wechat_pay', 'alipay', 'card']);
  });
  it('offers methods, never providers: a provider name is no method', () => {
    expect(methodsFor(['stripe', 'antom', 'alipay'], 'desktop', '中国')).toEqual(['alipay']);
    expect(methodsFor(null, 'desktop', '中国')).toEqual([]);
  });
});

describe('payButtons: each method offered with the provider the shop chose for it', () => {
  const methods = [
    { method: 'wechat_pay', provider: 'wechat_pay' },
    { method: 'alipay', provider: 'antom' },
    { method: 'card', provider: 'stripe' },
  ];
  it('keeps the provider of each method, in the order that fits the shopper', () => {
    expect(payButtons(methods, 'desktop', 'New Zealand')).toEqual([
      { method: 'card', provider: 'stripe' },
      { method: 'wechat_pay', provider: 'wechat_pay' },
      { method: 'alipay', provider: 'antom' },
    ]);
    expect(payButtons(methods, 'wechat', '中国')).toEqual([{ method: 'wechat_pay', provider: 'wechat_pay' }]);
  });
  it('offers Alipay given to Stripe, and nothing where the shop has no method (sandbox, manual QR)', () => {
    expect(payButtons([{ method: 'alipay', provider: 'stripe' }], 'mobile', '中国')).toEqual([
      { method: 'alipay', provider: 'stripe' },
    ]);
    expect(payButtons([], 'desktop', '中国')).toEqual([]);
    expect(payButtons(undefined, 'desktop', '中国')).toEqual([]);
  });
});

describe('WeChat Pay through the acquirer (Airwallex)', () => {
  const methods = [
    { method: 'wechat_pay', provider: 'airwallex' },
    { method: 'alipay', provider: 'antom' },
    { method: 'card', provider: 'stripe' },
  ];
  it('serves WeChat Pay inside WeChat, and beside Alipay and cards elsewhere', () => {
    expect(payButtons(methods, 'wechat', '中国')).toEqual([{ method: 'wechat_pay', provider: 'airwallex' }]);
    expect(payButtons(methods, 'desktop', '中国').map((b) => b.provider)).toEqual(['airwallex', 'antom', 'stripe']);
    expect(payButtons(methods, 'mobile', 'New Zealand').map((b) => b.provider)).toEqual([
      'stripe',
      'airwallex',
      'antom',
    ]);
    expect(hasRealProvider(['airwallex'])).toBe(true);
  });
});
