import { describe, expect, it } from 'vitest';
import { deviceOf, hasRealProvider, modeOf } from './device.js';

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

  it('counts only WeChat Pay and Alipay as real providers', () => {
    expect(hasRealProvider(['sandbox'])).toBe(false);
    expect(hasRealProvider([])).toBe(false);
    expect(hasRealProvider(['alipay'])).toBe(true);
  });
});
