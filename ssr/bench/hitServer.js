// The page cache's hit path alone, for profiling (`node --cpu-prof ssr/bench/hitServer.js <port>
// [page.html]`): the production app with a stand-in render (no BFF) that returns a page of a real
// one's size with its nonces, so every request after the first is a hit. Load it with
// `wrk -t1 -c16 -H 'Accept-Encoding: gzip' http://127.0.0.1:<port>/product/1`; SIGTERM writes the profile.
// page.html: a render's markup, put in a small template; or a whole document as the storefront
// sent it (starting with <!doctype), served again with the render's nonce in its nonce's places.
import fs from 'node:fs';
import { createApp } from '../app.js';
import { createLogger } from '../logging.js';

const [port, pageFile] = process.argv.slice(2);
// A real page's body (captured from a render), else a stand-in of about a product page's size.
const html = pageFile
  ? fs.readFileSync(pageFile, 'utf8')
  : `<main>${'<li class="card"><a href="/product/1">新西兰麦卢卡蜂蜜 Manuka UMF 10+ 250g</a></li>'.repeat(900)}</main>`;
// A whole captured document: the render's markup, with the render's nonce in its nonce's places,
// in a template of nothing else (which ssr/html.js then has no tag to give a nonce).
const whole = /^<!doctype/i.test(html);
const captured = whole ? / nonce="([^"]*)"/.exec(html)[1] : null;
const app = createApp({
  bffUrl: 'http://127.0.0.1:9',
  logger: createLogger(),
  pageCache: { freshMs: 3_600_000, staleMs: 0, privatePaths: ['/admin', '/checkout'] },
  getTemplate: async () =>
    whole
      ? '<!--app-html-->'
      : '<html lang="<!--app-lang-->"><head><!--app-head--></head><body><!--app-html--><!--app-state--></body></html>',
  getEntry: async () => ({
    render: async ({ nonce }) => {
      return {
        status: 200,
        html: whole ? html.replaceAll(captured, nonce) : html,
        head: '<title>x</title>',
        lang: 'zh-CN',
        state: { s: 1 },
        route: '/product/:id',
      };
    },
  }),
});
const server = app.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('SIGINT', () => server.close(() => process.exit(0)));
