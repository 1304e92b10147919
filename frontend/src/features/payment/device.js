// Where the shopper is, which decides how each provider pays (the BFF reads the same from the
// User-Agent when it is not told): WeChat's in-app browser, another mobile browser, a desktop.
const MOBILE = /Mobile|Android|iPhone|iPad|iPod|HarmonyOS/i;

export function deviceOf(userAgent = '') {
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  return MOBILE.test(userAgent) ? 'mobile' : 'desktop';
}

export const currentDevice = () => deviceOf(typeof navigator === 'undefined' ? '' : navigator.userAgent);

// Any provider but the sandbox (which keeps its one-click page) is a real one: WeChat Pay, Alipay,
// Stripe, Antom, an acquirer.
export const hasRealProvider = (providers) => (providers || []).some((p) => p !== 'sandbox');

// The payment methods (the BFF's bff/payments/methods.py); the shop's owner picks the provider
// serving each, the page offers methods.
export const METHODS = ['wechat_pay', 'alipay', 'card'];

/**
 * The methods that fit where the shopper is, in the order to offer them (issue 23): inside
 * WeChat only WeChat Pay pays (Alipay's and the card pages are blocked or unfit there, so Alipay
 * keeps its "open in the browser" help when it is the only way); a shopper shipping to New
 * Zealand sees cards, Apple Pay and Google Pay first; everyone else WeChat Pay, Alipay, then cards.
 */
export function methodsFor(methods, device, country) {
  const have = (methods || []).filter((m) => METHODS.includes(m));
  if (device === 'wechat') {
    const inWechat = have.filter((m) => m === 'wechat_pay');
    return inWechat.length ? inWechat : have.filter((m) => m !== 'card');
  }
  const order = country === 'New Zealand' ? ['card', 'wechat_pay', 'alipay'] : METHODS;
  return order.filter((m) => have.includes(m));
}

/**
 * The pay page's buttons: the methods that fit where the shopper is, each with the provider the
 * shop chose for it (`methods` as GET /api/payment/methods answers them: [{ method, provider }]).
 */
export function payButtons(methods, device, country) {
  const providerOf = Object.fromEntries((methods || []).map((m) => [m.method, m.provider]));
  return methodsFor(Object.keys(providerOf), device, country).map((method) => ({
    method,
    provider: providerOf[method],
  }));
}

/** How a method pays from a device, for the table in the README and the page's hint. */
export function modeOf(method, device) {
  if (method === 'wechat_pay') return { wechat: 'jsapi', mobile: 'h5', desktop: 'native' }[device];
  if (method === 'alipay') return { wechat: 'open_in_browser', mobile: 'wap', desktop: 'page' }[device];
  return 'redirect';
}
