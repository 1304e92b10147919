// WeChat in Chromium with WeChat's user agent, against the fake WeChat API
// (bff/tests/fakes/wechat_api.py): the demo shop has its official account entered through
// `flask wechat configure`. Inside WeChat every public page signs itself in with wx.config (the
// signature checked by the fake, as WeChat's client checks it) and sets its share card to the
// page's own title, description, JPEG/PNG picture and canonical link; outside WeChat neither the
// JS-SDK nor the signing call is loaded.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { startStack } from './stack.js';
import { TEST_TIMEOUT, adminTab, hydrated, launchBrowser, openPage } from './browser.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const PYTHON = path.join(ROOT, '.venv/bin/python');
const FLASK = path.join(ROOT, '.venv/bin/flask');
const UA = {
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  wechat:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI Language/zh_CN',
};

// WeChat's domain check file, as the owner downloads it from the official account's admin.
const VERIFY = { name: 'MP_verify_Ab12Cd34Ef56Gh78.txt', text: 'Ab12Cd34Ef56Gh78' };

let stack;
let browser;
let fake;
let fakeProcess;
const pages = {};

async function startFake() {
  fakeProcess = spawn(PYTHON, ['-m', 'bff.tests.fakes.wechat_serve'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: fakeProcess.stdout });
  const [line] = await Promise.race([
    new Promise((resolve) => lines.once('line', (l) => resolve([l]))),
    new Promise((_, reject) => setTimeout(() => reject(new Error('fake WeChat API did not start')), 30000)),
  ]);
  return JSON.parse(line);
}

before(async () => {
  fake = await startFake();
  stack = await startStack({ WECHAT_API_URL: fake.url });
  const env = { ...process.env, VAR_DIR: stack.tmp, DATABASE_URL: `sqlite:///${path.join(stack.tmp, 'e2e.sqlite')}` };
  const args = ['--app', 'bff.app:create_app', 'wechat', 'configure', '--shop', 'localhost'];
  for (const [name, value] of Object.entries(fake.fields)) args.push('--set', `${name}=${value}`);
  args.push('--set', `verify_file_name=${VERIFY.name}`, '--set', `verify_file_text=${VERIFY.text}`);
  await promisify(execFile)(FLASK, args, { cwd: ROOT, env });
  browser = await launchBrowser();
  // One page of each public kind, as the home page links them.
  const tab = await openPage(browser);
  await tab.page.goto(`${stack.baseUrl}/`, { waitUntil: 'load' });
  const links = await tab.page.evaluate(() =>
    [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')),
  );
  for (const kind of ['product', 'category', 'brand', 'article']) {
    pages[kind] = links.find((href) => href.startsWith(`/${kind}/`));
    assert.ok(pages[kind], `the home page links a ${kind}`);
  }
  pages.home = '/';
  await tab.close();
});

after(async () => {
  await browser?.close();
  await stack?.stop();
  fakeProcess?.stdin.end();
});

/** A WeChat tab whose JS bridge records what the JS-SDK asks of it and says ok. */
async function wechatTab() {
  const tab = await openPage(browser, { width: 375, height: 812, userAgent: UA.wechat, isMobile: true });
  await tab.context.addInitScript(() => {
    window.__bridge = [];
    window.WeixinJSBridge = {
      invoke(name, params, done) {
        window.__bridge.push({ name, params });
        if (name === 'getNetworkType') return; // the SDK's usage report: not sent from a test
        const short = name === 'preVerifyJSAPI' ? 'config' : name;
        setTimeout(() => done({ err_msg: `${short}:ok` }), 0);
      },
      on() {},
    };
  });
  return tab;
}

/** What the page says of itself in its head, and the share card it set (the bridge's last). */
async function cardAndHead(page) {
  await page.waitForFunction(() => window.__bridge.some((call) => call.name === 'updateTimelineShareData'), null, {
    timeout: 20000,
  });
  return page.evaluate(() => {
    const last = (name) => window.__bridge.filter((call) => call.name === name).at(-1)?.params;
    const meta = (selector) => document.querySelector(selector)?.getAttribute('content') ?? null;
    return {
      config: last('preVerifyJSAPI'),
      appMessage: last('updateAppMessageShareData'),
      timeline: last('updateTimelineShareData'),
      href: window.location.href,
      head: {
        title: document.title,
        description: meta('meta[name="description"]'),
        image: meta('meta[property="og:image"]'),
        canonical: document.querySelector('link[rel="canonical"]')?.href ?? null,
      },
    };
  });
}

async function signatureOk(config, url) {
  const query = new URLSearchParams({
    url,
    nonceStr: config.verifyNonceStr,
    timestamp: config.verifyTimestamp,
    signature: config.verifySignature,
  });
  const res = await fetch(`${fake.url}/_fake/signature-ok?${query}`);
  return (await res.json()).ok;
}

describe('WeChat share cards', { timeout: 240_000 }, () => {
  test(
    'inside WeChat every public page signs itself in and shares its own title, description, picture and link',
    async () => {
      const tab = await wechatTab();
      const { page, problems } = tab;
      for (const kind of ['product', 'home', 'category', 'brand', 'article']) {
        await page.goto(`${stack.baseUrl}${pages[kind]}#reviews`, { waitUntil: 'load' });
        await hydrated(page);
        const seen = await cardAndHead(page);
        assert.equal(seen.config.verifyAppId, fake.appid, kind);
        assert.ok(await signatureOk(seen.config, seen.href.split('#')[0]), `${kind}: WeChat accepts the signature`);
        const { head, appMessage, timeline } = seen;
        assert.equal(appMessage.title, head.title, kind);
        assert.equal(appMessage.desc, head.description, kind);
        assert.equal(appMessage.link, head.canonical, kind);
        assert.match(appMessage.imgUrl, /^https?:\/\/[^ ]+\.(jpe?g|png)$/i, `${kind}: a JPEG or PNG`);
        if (/\.(jpe?g|png)$/i.test(head.image ?? '')) assert.equal(appMessage.imgUrl, head.image, kind);
        assert.deepEqual(
          { title: timeline.title, link: timeline.link, imgUrl: timeline.imgUrl },
          { title: appMessage.title, link: appMessage.link, imgUrl: appMessage.imgUrl },
          kind,
        );
        if (kind === 'product')
          assert.ok(head.title.length > 0 && appMessage.imgUrl.includes('/media/'), 'the product picture');
      }
      // A page reached inside the app (no reload) is signed and shared anew.
      await page.goto(`${stack.baseUrl}/`, { waitUntil: 'load' });
      await hydrated(page);
      await cardAndHead(page);
      const before = await page.evaluate(() => window.__bridge.length);
      const link = page.locator('main a[href^="/product/"]').first();
      const target = await link.getAttribute('href');
      await link.click();
      await page.waitForFunction((n) => window.__bridge.length >= n + 3, before, { timeout: 20000 });
      const moved = await cardAndHead(page);
      assert.equal(new URL(moved.href).pathname, target);
      assert.notEqual(moved.appMessage.title, (await page.evaluate(() => window.__bridge))[before - 1].params.title);
      // The head's tags are the server's (only the title follows a navigation): the card is the new page's.
      assert.equal(moved.appMessage.link, new URL(target, moved.head.canonical).href);
      assert.equal(moved.appMessage.title, moved.head.title);
      assert.ok(await signatureOk(moved.config, moved.href.split('#')[0]));
      assert.deepEqual(problems, []);
      await tab.close();
    },
    TEST_TIMEOUT * 2,
  );

  test('outside WeChat neither the JS-SDK nor the signing call is loaded', async () => {
    const tab = await openPage(browser, { userAgent: UA.desktop });
    const { page, problems, apiCalls } = tab;
    const scripts = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push(await res.text().catch(() => ''));
    });
    await page.goto(`${stack.baseUrl}${pages.product}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.goto(`${stack.baseUrl}/`, { waitUntil: 'networkidle' });
    await hydrated(page);
    assert.ok(scripts.length > 0);
    assert.ok(!scripts.some((body) => body.includes('preVerifyJSAPI')), 'no JS-SDK');
    assert.ok(!apiCalls.some((url) => url.includes('/api/wechat/')), 'no signing call');
    assert.deepEqual(problems, []);
    await tab.close();
  });

  test('the owner sees the official account in the console, its AppSecret only as set, and saves a template id', async () => {
    const tab = await adminTab(browser, stack.baseUrl);
    const { page, problems } = tab;
    await page.getByRole('link', { name: '微信设置' }).click();
    const official = page.getByTestId('wechat-official');
    await official.waitFor();
    assert.equal(await official.getByLabel('公众号 AppID').inputValue(), fake.appid);
    assert.equal(await official.getByLabel('公众号 AppSecret').inputValue(), '');
    assert.ok(!(await page.content()).includes(fake.fields.official_secret), 'the AppSecret is never shown');
    await official.getByText('已设置；留空保持不变').waitFor();
    await page.getByTestId('wechat-templates').getByLabel('订单已付款').fill('TPL-paid_1');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('微信设置已保存').waitFor();
    await page.reload({ waitUntil: 'load' });
    await hydrated(page);
    assert.equal(await page.getByTestId('wechat-templates').getByLabel('订单已付款').inputValue(), 'TPL-paid_1');
    // The domain check file WeChat fetches from the site's root before it takes the domain.
    const check = await fetch(`${stack.baseUrl}/${VERIFY.name}`);
    assert.equal(check.status, 200);
    assert.equal(await check.text(), VERIFY.text);
    assert.equal((await fetch(`${stack.baseUrl}/MP_verify_someoneElse.txt`)).status, 404);
    // Still signing: the AppSecret kept, as it was left empty.
    const res = await fetch(`${stack.bffUrl}/api/wechat/js-config?url=${encodeURIComponent(`${stack.baseUrl}/`)}`, {
      headers: { 'X-Site-Host': 'localhost' },
    });
    assert.equal((await res.json()).config.appId, fake.appid);
    assert.deepEqual(problems, []);
    await tab.close();
  });
});
