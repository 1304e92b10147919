// Inside WeChat only, loaded lazily (useWechatShare.js): the page's share card. WeChat ignores
// Open Graph tags; only the JS-SDK sets what a shared link shows (JS-SDK 说明文档, 分享接口:
// https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/JS-SDK.html). The BFF signs the
// page's URL (without its #fragment, 附录1) with the official account's ticket; the SDK is the
// official jweixin build from npm (weixin-js-sdk), served from the shop's own assets, so the
// page's CSP (script-src 'self') holds. It is imported only once the BFF says the shop has an
// official account. app/layout/Layout.jsx imports it inside WeChat only.
import { PATHS } from '../../api/paths.js';
import { absoluteUrl } from '../../common/url.js';
import { siteOrigin } from '../../common/url.js';

// WeChat may not show a WebP picture in a card: only a JPEG or PNG is offered.
const SHAREABLE_PICTURE = /\.(jpe?g|png)$/i;

/** The first of the pictures (absolute URLs) that is a JPEG or a PNG, or '' when none is. */
export function sharePicture(candidates) {
  for (const url of candidates) {
    if (!url) continue;
    try {
      if (SHAREABLE_PICTURE.test(new URL(url).pathname)) return url;
    } catch {
      // not a URL: skipped
    }
  }
  return '';
}

/** The card of a page from its head (app/head.js): what the page says of itself. */
export function shareCardOf(head, fallbackPictures = []) {
  return {
    title: head.title || '',
    desc: head.description || '',
    link: head.canonical || head.url,
    imgUrl: sharePicture([head.image, ...fallbackPictures]),
  };
}

// WeChat on iOS checks the signature against the address the page was first loaded at, however
// far the app has navigated since (history.pushState); Android against the current one. WeChat's
// developer community, "微信 JSSDK 签名踩坑记录" (坑点 3, "iOS 只认入口 URL"):
// https://developers.weixin.qq.com/community/develop/article/doc/000a2e71edcf70993974cc9da6b813
const IOS = /iPhone|iPad|iPod/i;
const LANDING = typeof window === 'undefined' ? '' : window.location.href;

/** The address WeChat will check `wx.config` against, for a page now at `current`. */
export function signedUrl(current, userAgent = globalThis.navigator?.userAgent) {
  if (!IOS.test(userAgent || '')) return current;
  const entry = globalThis.performance?.getEntriesByType?.('navigation')?.[0];
  return entry?.name || LANDING || current;
}

let sdk = null;
const loadSdk = () => {
  sdk ??= import('weixin-js-sdk').then((module) => module.default ?? module);
  return sdk;
};

/**
 * Sign the page in (wx.config) and set its card for chats and for Moments. Resolves to false
 * when the shop has no official account (nothing loaded), true once the card is set.
 */
export async function setShareCard(api, card, pageUrl, stillWanted = () => true) {
  const { data } = await api.get(`${PATHS.wechat}/js-config`, { params: { url: pageUrl.split('#')[0] } });
  if (!data?.config || !stillWanted()) return false;
  const wx = await loadSdk();
  wx.config({ debug: false, ...data.config });
  return new Promise((resolve, reject) => {
    wx.error((res) => reject(new Error(res?.errMsg || 'wx.config failed')));
    wx.ready(() => {
      wx.updateAppMessageShareData({ ...card });
      wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl });
      resolve(true);
    });
  });
}

let latest = 0;

/**
 * Inside WeChat (app/layout/Layout.jsx), after each navigation: set an indexable page's card from
 * its head, the shop's pictures standing in for a page picture that is not a JPEG or PNG. Only
 * the last page asked for is set, however the calls interleave; a failure leaves WeChat's plain
 * link, as before, and tells the shopper nothing.
 */
export function shareHead(dispatch, head, shop) {
  if (!head?.title || head.noindex) return Promise.resolve(false);
  const mine = ++latest;
  const pageUrl = signedUrl(window.location.href);
  const site = siteOrigin(shop, window.location.origin);
  const card = shareCardOf(head, [absoluteUrl(site, shop?.shop_image), absoluteUrl(site, shop?.shop_logo)]);
  return dispatch((_dispatch, _getState, { api }) => setShareCard(api, card, pageUrl, () => mine === latest)).catch(
    () => false,
  );
}
