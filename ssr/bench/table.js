// `make bench`: one table of the speed goals (issue 14), each figure measured side by side in one
// run on this machine, with its goal beside it. Starts its own stack on free loopback ports: the
// BFF under gunicorn (2 workers) twice on one fresh database (PostgreSQL when BENCH_DATABASE_URL
// is set, else SQLite), with its guests' catalogue cache on (as deployed; the SSR uses it) and
// off, the SSR production server twice (guest page cache on, and off), and a bare Node server. Prints; never fails on a figure. Needs `npm run build` (the Makefile target runs it).
//   node ssr/bench/table.js [--seconds 5] [--connections 16] [--products 10000]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, ROOT } from '../../e2e/stack.js';
import { routeFirstLoads } from '../../frontend/scripts/check-first-load.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 5);
const CONNECTIONS = arg('connections', 16);
const PRODUCTS = arg('products', 10000);
const VENV = path.join(ROOT, '.venv/bin');
const SHOP = 'localhost';
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const children = [];

function start(command, args, env, log) {
  const out = fs.openSync(log, 'a');
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
  children.push(child);
  return child;
}

async function ready(url, headers = {}) {
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { headers })).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not start`);
}

const python = (code, env) =>
  execFileSync(path.join(VENV, 'python'), ['-c', code], { cwd: ROOT, env, encoding: 'utf8' });

/** A fresh database: a new PostgreSQL database on BENCH_DATABASE_URL's server, or a SQLite file. */
function createDatabase(tmp) {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) return { url: `sqlite:///${path.join(tmp, 'bench.sqlite')}`, drop: () => {} };
  const name = `bench_${process.pid}`;
  const admin = (sql) =>
    python(
      `from sqlalchemy import create_engine, text\nfrom sqlalchemy.engine import make_url\n` +
        `e = create_engine(make_url(${JSON.stringify(server)}), isolation_level="AUTOCOMMIT")\n` +
        `with e.connect() as c: c.execute(text(${JSON.stringify(sql)}))`,
      process.env,
    );
  admin(`CREATE DATABASE "${name}"`);
  const url = python(
    `from sqlalchemy.engine import make_url\nprint(make_url(${JSON.stringify(server)}).set(database=${JSON.stringify(name)}).render_as_string(hide_password=False))`,
    process.env,
  ).trim();
  return { url, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** Closed loop: CONNECTIONS keep-alive clients, each sending its next request when the last ends. */
async function closedLoop(next, { seconds = SECONDS, connections = CONNECTIONS } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const begin = process.hrtime.bigint();
      const status = await send(next(), agent);
      if (status !== 200) errors += 1;
      latencies.push(Number(process.hrtime.bigint() - begin) / 1e6);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / ((Date.now() - started) / 1000), p50: percentile(latencies, 50), errors };
}

/** Open loop at `rate` per second: latency from when each request was due, so queueing counts. */
async function openLoop(next, rate, seconds = SECONDS * 2) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies = [];
  const pending = [];
  const started = performance.now();
  let sent = 0;
  while (performance.now() - started < seconds * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    for (; sent < due; sent += 1) {
      const dueAt = started + (sent / rate) * 1000;
      pending.push(send(next(), agent).then(() => latencies.push(performance.now() - dueAt)));
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

function send({ url, method = 'GET', headers = {} }, agent) {
  return new Promise((resolve) => {
    const req = http.request(url, { method, agent, headers: { 'accept-encoding': 'gzip', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

async function inProcess(render, urls, bffUrl) {
  let count = 0;
  const end = Date.now() + SECONDS * 1000;
  const started = Date.now();
  const worker = async () => {
    while (Date.now() < end) {
      await render({ url: urls[count % urls.length], origin: `http://${SHOP}`, bffUrl, layoutCacheMs: 2000 });
      count += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return count / ((Date.now() - started) / 1000);
}

const rssMiB = (pid) => {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};
const workersOf = (pid) =>
  fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    });

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
  const database = createDatabase(tmp);
  const env = { ...process.env, DATABASE_URL: database.url, VAR_DIR: tmp, FLASK_DEBUG: '0' };
  const flask = (...args) =>
    execFileSync(path.join(VENV, 'flask'), ['--app', 'bff.app:create_app', ...args], { cwd: ROOT, env, stdio: 'pipe' });
  const rows = [];
  const row = (what, figure, goal, met) => {
    rows.push([what, figure, goal, met === undefined ? '' : met ? 'yes' : 'NO']);
    console.error(`  ${what}: ${figure}`);
  };
  try {
    flask('db', 'upgrade', '-d', 'db/migrations');
    flask('seed-demo');
    // Two BFFs on the one database: as deployed (guests' catalogue answers cached), and with that
    // cache off, whose rows show what the reads themselves cost.
    const startBff = async (extra, log) => {
      const port = await freePort();
      const child = start(
        path.join(VENV, 'gunicorn'),
        ['-c', 'bff/gunicorn.conf.py', '-b', `127.0.0.1:${port}`, '-w', '2', 'bff.wsgi:app'],
        { ...env, ...extra },
        path.join(tmp, log),
      );
      const url = `http://127.0.0.1:${port}`;
      await ready(`${url}/api/shop`, { 'X-Site-Host': SHOP });
      return { child, url };
    };
    const { child: gunicorn, url: bffUrl } = await startBff({ CATALOGUE_CACHE_MB: '32' }, 'bff.log');
    const { url: bffUncachedUrl } = await startBff({ CATALOGUE_CACHE_MB: '0' }, 'bff-uncached.log');
    const ssr = async (extra) => {
      const port = await freePort();
      const child = start(
        process.execPath,
        ['ssr/server.js'],
        { ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', BFF_URL: bffUrl, ...extra },
        path.join(tmp, `ssr-${port}.log`),
      );
      await ready(`http://127.0.0.1:${port}/healthz`);
      return { child, base: `http://127.0.0.1:${port}` };
    };
    const cached = await ssr({});
    const uncached = await ssr({ SSR_PAGE_FRESH_MS: '0' });
    const bff = (pathAndQuery, method = 'GET', base = bffUrl) => ({
      url: `${base}${pathAndQuery}`,
      method,
      headers: { 'X-Site-Host': SHOP },
    });
    const uncachedBff = (pathAndQuery, method = 'GET') => bff(pathAndQuery, method, bffUncachedUrl);
    const ids = (
      await (await fetch(`${bffUrl}/api/sitemap`, { headers: { 'X-Site-Host': SHOP } })).json()
    ).products.map((p) => p.id);
    const productPaths = ids.map((id) => `/product/${id}`);
    let turn = 0;
    const rotate = (list) => () => list[turn++ % list.length];
    console.error(`measuring (${SECONDS} s per run, ${CONNECTIONS} connections; progress below, table at the end)`);

    // 1. A cached product page beside a bare Node server sending the same bytes and headers.
    const page = await new Promise((resolve) => {
      http.get(`${cached.base}${productPaths[0]}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
    });
    const bytesFile = path.join(tmp, 'page.bin');
    fs.writeFileSync(bytesFile, page.body);
    const barePort = await freePort();
    const headers = { ...page.headers };
    for (const h of ['date', 'connection', 'keep-alive', 'transfer-encoding']) delete headers[h];
    start(
      process.execPath,
      [
        '-e',
        `const b=require('fs').readFileSync(${JSON.stringify(bytesFile)});const h=${JSON.stringify(headers)};` +
          `require('http').createServer((q,s)=>{s.writeHead(200,h);s.end(b)}).listen(${barePort},'127.0.0.1')`,
      ],
      env,
      path.join(tmp, 'bare.log'),
    );
    await ready(`http://127.0.0.1:${barePort}/`);
    // Taken in turns, a fifth of the time each, so load from elsewhere on the machine falls on both.
    const cachedRun = { rps: 0 };
    const bareRun = { rps: 0 };
    for (let i = 0; i < 5; i += 1) {
      const slice = { seconds: SECONDS / 5 };
      cachedRun.rps += (await closedLoop(() => ({ url: `${cached.base}${productPaths[0]}` }), slice)).rps / 5;
      bareRun.rps += (await closedLoop(() => ({ url: `http://127.0.0.1:${barePort}/` }), slice)).rps / 5;
    }
    const ratio = (a, b) => a / b;
    const r1 = ratio(cachedRun.rps, bareRun.rps);
    row(
      'cached product page vs bare Node server, same bytes',
      `${cachedRun.rps.toFixed(0)} vs ${bareRun.rps.toFixed(0)} req/s = ${r1.toFixed(2)}×`,
      '≥ 0.5×',
      r1 >= 0.5,
    );

    // 2. Uncached pages through Express + BFF beside the in-process render of the same tree.
    const { render } = await import(pathToFileURL(path.join(ROOT, 'frontend/dist/server/entry-server.js')).href);
    let peak = 0;
    for (const [name, list] of [
      ['product', productPaths],
      ['home', ['/']],
    ]) {
      const through = await closedLoop(() => ({ url: `${uncached.base}${rotate(list)()}` }));
      const bare = await inProcess(render, list, bffUrl);
      if (name === 'product') peak = through.rps;
      const r = ratio(through.rps, bare);
      row(
        `uncached ${name} page: Express+BFF vs in-process render`,
        `${through.rps.toFixed(0)} vs ${bare.toFixed(0)} /s = ${r.toFixed(2)}×`,
        '≥ 0.5×',
        r >= 0.5,
      );
    }

    // 3. Uncached product pages (every product in turn) at 70 % of the peak just measured.
    const open = await openLoop(() => ({ url: `${uncached.base}${rotate(productPaths)()}` }), peak * 0.7);
    row(
      `uncached product pages at 70 % of peak (${(peak * 0.7).toFixed(0)}/s): p50 / p99`,
      `${open.p50.toFixed(1)} / ${open.p99.toFixed(1)} ms`,
      'p99 ≤ 50 ms',
      open.p99 <= 50,
    );

    // 4. BFF calls beside a call that runs no SQL, on the same gunicorn: as deployed, where the
    // products in turn and the listing's pages are kept after their first read (the demo's
    // products fit the cache many times over), and on the BFF with the cache off.
    const listingPages = [1, 2, 3, 4].flatMap((page) =>
      ['recommend', 'newest', 'popular'].map((sort) => `/api/product/new/?page=${page}&sort=${sort}`),
    );
    for (const [label, call] of [
      ['cache on', bff],
      ['cache off', uncachedBff],
    ]) {
      const noSql = await closedLoop(() => call('/healthz'));
      for (const [name, next] of [
        [`product (${ids.length} in turn)`, () => call(`/api/product/${rotate(ids)()}`)],
        [`listing (${listingPages.length} pages in turn)`, () => call(rotate(listingPages)())],
      ]) {
        const run = await closedLoop(next);
        const r = ratio(run.rps, noSql.rps);
        row(
          `BFF ${name} call vs no-SQL call (/healthz), ${label}`,
          `${run.rps.toFixed(0)} vs ${noSql.rps.toFixed(0)} req/s = ${r.toFixed(2)}×`,
          '≥ 0.3×',
          r >= 0.3,
        );
      }
    }

    // 5. The same calls at the demo's size and at PRODUCTS products (one connection: latency).
    const categories = (await (await fetch(`${bffUrl}/api/sitemap`, { headers: { 'X-Site-Host': SHOP } })).json())
      .categories;
    // On the BFF with the cache off: a cached answer costs the same at any size.
    const calls = [
      ['listing, newest', () => uncachedBff('/api/product/new/?page=1&sort=newest')],
      ['listing, category', () => uncachedBff(`/api/category/${categories[0].id}?page=1`)],
      ['search 奶粉', () => uncachedBff(`/api/product/search/?searchTerm=${encodeURIComponent('奶粉')}`, 'POST')],
      ['search 蜂蜜', () => uncachedBff(`/api/product/search/?searchTerm=${encodeURIComponent('蜂蜜')}`, 'POST')],
    ];
    const latency = (next) => closedLoop(next, { seconds: Math.max(2, SECONDS / 2), connections: 1 });
    const small = [];
    for (const [, next] of calls) small.push(await latency(next));
    console.error(`  growing the shop to ${PRODUCTS} products`);
    flask('seed-demo', '--products', String(PRODUCTS));
    if (process.env.BENCH_DATABASE_URL)
      python(
        `from sqlalchemy import create_engine, text\ne = create_engine(${JSON.stringify(database.url)}, isolation_level="AUTOCOMMIT")\nwith e.connect() as c: c.execute(text("ANALYZE"))`,
        env,
      );
    for (const [i, [name, next]] of calls.entries()) {
      const large = await latency(next);
      const r = ratio(large.p50, small[i].p50);
      row(
        `${PRODUCTS} vs demo catalogue, ${name}: BFF p50, cache off`,
        `${large.p50.toFixed(1)} vs ${small[i].p50.toFixed(1)} ms = ${r.toFixed(2)}×`,
        '≤ 1.5×',
        r <= 1.5,
      );
    }

    // 6. First-load JavaScript per shopper route: the template's scripts and the route's own chunk
    // with what it imports (frontend/scripts/check-first-load.js, which holds the build to a budget).
    const client = path.join(ROOT, 'frontend/dist/client');
    for (const [route, { files, kb }] of Object.entries(routeFirstLoads(client))) {
      row(`first-load JS, ${route} page (gzip)`, `${kb.toFixed(1)} KB in ${files.length} files`, '≤ 100 KB', kb <= 100);
    }

    // 7. Memory after the runs.
    const ssrRss = rssMiB(cached.child.pid);
    row('SSR process RSS after the runs (cached server)', `${ssrRss.toFixed(0)} MiB`, '≤ 150 MiB', ssrRss <= 150);
    const workers = workersOf(gunicorn.pid).map(rssMiB);
    row('BFF worker RSS after the runs', workers.map((m) => `${m.toFixed(0)} MiB`).join(', '), '');
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    try {
      database.drop();
    } catch (error) {
      console.error('could not drop the bench database', error.message);
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(...[['what', 'figure', 'goal', 'met'], ...rows].map((r) => [...r[i]].length)),
  );
  const line = (r) => `| ${r.map((c, i) => c + ' '.repeat(widths[i] - [...c].length)).join(' | ')} |`;
  console.log(
    `\nstorefront speed (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, production build, 2 gunicorn workers, ${CONNECTIONS} connections, ${os.cpus().length} cores; load average ${load})\n`,
  );
  console.log(line(['what', 'figure', 'goal', 'met']));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
}

await main();
process.exit(0);
