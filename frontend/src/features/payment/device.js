// Where the shopper is, which decides how each provider pays (the BFF reads the same from the
// User-Agent when it is not told): WeChat's in-app browser, another mobile browser, a desktop.
const MOBILE = /Mobile|Android|iPhone|iPad|iPod|HarmonyOS/i;

export function deviceOf(userAgent = '') {
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  return MOBILE.test(userAgent) ? 'mobile' : 'desktop';
}

export const currentDevice = () => deviceOf(typeof navigator === 'undefined' ? '' : navigator.userAgent);

// The real providers (the sandbox keeps its one-click page).
export const REAL_PROVIDERS = ['wechat_pay', 'alipay'];
export const hasRealProvider = (providers) => (providers || []).some((p) => REAL_PROVIDERS.includes(p));

/** How a provider pays from a device, for the table in the README and the page's hint. */
export function modeOf(provider, device) {
  if (provider === 'wechat_pay') return { wechat: 'jsapi', mobile: 'h5', desktop: 'native' }[device];
  if (provider === 'alipay') return { wechat: 'open_in_browser', mobile: 'wap', desktop: 'page' }[device];
  return 'redirect';
}
