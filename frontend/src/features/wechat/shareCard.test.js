import { describe, expect, it, vi } from 'vitest';
import { setShareCard, shareCardOf, shareHead, sharePicture, signedUrl } from './shareCard.js';

const calls = [];
vi.mock('weixin-js-sdk', () => ({
  default: {
    config: (config) => calls.push(['config', config]),
    error: () => {},
    ready: (fn) => fn(),
    updateAppMessageShareData: (data) => calls.push(['appMessage', data]),
    updateTimelineShareData: (data) => calls.push(['timeline', data]),
  },
}));

describe('share card', () => {
  it('offers only a JPEG or PNG picture, the page own first', () => {
    expect(sharePicture(['https://s.test/media/a.webp', null, 'https://s.test/media/logo.PNG'])).toBe(
      'https://s.test/media/logo.PNG',
    );
    expect(sharePicture(['https://s.test/media/p.jpg?v=2', 'https://s.test/x.png'])).toBe(
      'https://s.test/media/p.jpg?v=2',
    );
    expect(sharePicture(['https://s.test/a.gif', 'not a url.jpg'])).toBe('');
  });

  it('is the page head: title, description, canonical link', () => {
    const head = {
      title: 'Manuka honey - Shop',
      description: 'UMF 10+',
      canonical: 'https://s.test/product/1',
      url: 'x',
    };
    expect(shareCardOf({ ...head, image: 'https://s.test/m/h.jpeg' })).toEqual({
      title: 'Manuka honey - Shop',
      desc: 'UMF 10+',
      link: 'https://s.test/product/1',
      imgUrl: 'https://s.test/m/h.jpeg',
    });
  });

  it('signs the page without its fragment, then sets both cards; nothing when the shop has no account', async () => {
    const config = {
      appId: 'wx1',
      timestamp: 1,
      nonceStr: 'n',
      signature: 's',
      jsApiList: ['updateAppMessageShareData'],
    };
    const asked = [];
    const api = (answer) => ({
      get: async (path, { params }) => {
        asked.push([path, params.url]);
        return { data: { config: answer } };
      },
    });
    const card = { title: 'T', desc: 'D', link: 'https://s.test/p', imgUrl: 'https://s.test/p.png' };
    expect(await setShareCard(api(null), card, 'https://s.test/p#x')).toBe(false);
    expect(calls).toEqual([]);
    expect(await setShareCard(api(config), card, 'https://s.test/p?a=1#x')).toBe(true);
    expect(asked).toEqual([
      ['/api/wechat/js-config', 'https://s.test/p'],
      ['/api/wechat/js-config', 'https://s.test/p?a=1'],
    ]);
    expect(calls).toEqual([
      ['config', { debug: false, ...config }],
      ['appMessage', card],
      ['timeline', { title: 'T', link: 'https://s.test/p', imgUrl: 'https://s.test/p.png' }],
    ]);
  });

  it('shares only indexable pages, and of two quick navigations only the last', async () => {
    vi.stubGlobal('window', { location: { href: 'https://s.test/b#x', origin: 'https://s.test' } });
    calls.length = 0;
    const answers = [];
    const api = {
      get: () =>
        new Promise((resolve) => {
          answers.push(() => resolve({ data: { config: { appId: 'wx1' } } }));
        }),
    };
    const dispatch = (thunk) => thunk(null, null, { api });
    const shop = { site_url: 'https://s.test', shop_logo: '/media/logo.png' };
    expect(await shareHead(dispatch, { title: 'Cart', noindex: true }, shop)).toBe(false);
    const first = shareHead(dispatch, { title: 'A', canonical: 'https://s.test/a' }, shop);
    const second = shareHead(dispatch, { title: 'B', canonical: 'https://s.test/b' }, shop);
    answers.forEach((answer) => answer());
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(calls.filter(([name]) => name === 'appMessage')).toEqual([
      ['appMessage', { title: 'B', desc: '', link: 'https://s.test/b', imgUrl: 'https://s.test/media/logo.png' }],
    ]);
    vi.unstubAllGlobals();
  });

  it('signs the landing address on iOS, where WeChat checks that one, and the current one elsewhere', () => {
    vi.stubGlobal('performance', { getEntriesByType: () => [{ name: 'https://s.test/' }] });
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.47';
    const android = 'Mozilla/5.0 (Linux; Android 13) Mobile Safari/537.36 MicroMessenger/8.0.47';
    expect(signedUrl('https://s.test/product/7', iphone)).toBe('https://s.test/');
    expect(signedUrl('https://s.test/product/7', android)).toBe('https://s.test/product/7');
    vi.unstubAllGlobals();
  });
});
