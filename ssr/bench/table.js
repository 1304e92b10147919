// `make bench`: one table of the speed goals (issues 14, 27), each figure measured side by side in
// one run on this machine, with its goal beside it. Starts its own stack on free loopback ports: the
// BFF under gunicorn (2 workers) twice on one fresh database (PostgreSQL when BENCH_DATABASE_URL
// is set, else SQLite), with its guests' catalogue cache on (as deployed; the SSR uses it) and
// off, a third BFF with the cache off on a second database, the demo's grown to --products
// products (the two catalogue sizes' rows take turns on the two), the SSR production server twice
// (guest page cache on, and off), and a bare Node server
// (ssr/bench/bareServer.js) that answers every path measured with the bytes and headers captured
// from the real one. Prints; never fails on a figure. Needs `npm run build` (the Makefile target
// runs it) and wrk (the Makefile installs Debian's).
//
// Load comes from wrk (ssr/bench/wrk.js); every row says its client's ceiling, the client's rate
// against the bare server on the same answers, taken in turns with the row's own runs. A figure
// within 80 % of its ceiling measures the client, not the server: its row says "client-bound",
// never "yes". The open-loop latency row keeps a Node client (wrk has no fixed rate): its ceiling is
// that client's own closed-loop rate against the bare server.
//   node ssr/bench/table.js [--seconds 5] [--connections 16] [--products 10000] [--only page,bff]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, ROOT, ssrNodeFlags } from '../../e2e/stack.js';
import { ROUTE_GOAL_KB, routeFirstLoads } from '../../frontend/scripts/check-first-load.js';
import { OPEN_LOOP_WARM_UP_SECONDS, runClient } from './nodeClient.js';
import { wrk } from './wrk.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 5);
const CONNECTIONS = arg('connections', 16);
const PRODUCTS = arg('products', 10000);
// --only page,bff: only those groups of rows (page: the cached page; uncached: the uncached pages
// and their latency; bff: the BFF calls beside /healthz; sizes: the two catalogue sizes; js: the
// first-load JavaScript; memory), for measuring one change without the half hour of the rest.
const ONLY = (() => {
  const i = process.argv.indexOf('--only');
  return i > 0 ? new Set(process.argv[i + 1].split(',')) : null;
})();
const wanted = (group) => !ONLY || ONLY.has(group);
const VENV = path.join(ROOT, '.venv/bin');
const SHOP = 'localhost';
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
function createDatabase(tmp, suffix = '') {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) return { url: `sqlite:///${path.join(tmp, `bench${suffix}.sqlite`)}`, drop: () => {} };
  const name = `bench_${process.pid}${suffix}`;
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

/** Memory of a process in MiB (/proc/PID/smaps_rollup): RSS, PSS (shared pages split among their
 * users) and private (its own pages only, what killing it frees). */
export function memoryOf(pid) {
  const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field) => Number((new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text) || [])[1] || NaN);
  return {
    rss: kb('Rss') / 1024,
    pss: kb('Pss') / 1024,
    private: (kb('Private_Clean') + kb('Private_Dirty')) / 1024,
  };
}
/** CPU seconds a process has used (/proc/PID/stat: utime and stime, in clock ticks of 1/100 s),
 * or with `reaped`, those of its children that have exited (cutime and cstime). */
function cpuSeconds(pid, reaped = false) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const at = reaped ? 13 : 11;
    return (Number(fields[at]) + Number(fields[at + 1])) / 100;
  } catch {
    return 0; // gone
  }
}
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

/** One answer as the client got it (gzip asked for): { status, headers, body (base64) }. */
function capture({ url, method = 'GET', headers = {}, body = null }, encoding = 'gzip') {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { 'accept-encoding': encoding, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const kept = { ...res.headers };
        for (const h of ['date', 'connection', 'keep-alive', 'transfer-encoding']) delete kept[h];
        resolve({ status: res.statusCode, headers: kept, body: Buffer.concat(chunks).toString('base64') });
      });
    });
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

/** The BFF's answer cache, as its /metrics adds it up over the live workers. */
async function answerCacheSize(bffUrl) {
  const text = await (await fetch(`${bffUrl}/metrics`)).text();
  const value = (name) => Number((new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text) || [])[1]);
  const bytes = value('bff_catalogue_cache_bytes');
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB in ${value('bff_catalogue_cache_entries')} answers`;
}

/** A figure against its ceiling: `met` unless within 80 % of what the client can do at all. */
const CLIENT_BOUND = 0.8;
const verdict = (rate, ceiling, met) => (rate >= CLIENT_BOUND * ceiling ? 'client-bound' : met ? 'yes' : 'NO');

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
  const database = createDatabase(tmp);
  const env = { ...process.env, DATABASE_URL: database.url, VAR_DIR: tmp, FLASK_DEBUG: '0' };
  // The calls timed at two catalogue sizes (5. below) run on a second database, the demo's
  // grown to PRODUCTS products, beside the first in turns.
  const large = wanted('sizes') ? createDatabase(tmp, '_large') : null;
  const largeEnv = large && { ...env, DATABASE_URL: large.url, VAR_DIR: path.join(tmp, 'large') };
  const rows = [];
  const row = (what, figure, ceiling, goal, met) => {
    rows.push([
      what,
      figure,
      ceiling,
      goal,
      met === undefined ? '' : met === true ? 'yes' : met === false ? 'NO' : met,
    ]);
    console.error(`  ${what}: ${figure} (client ceiling ${ceiling})`);
  };
  try {
    // The tables as autovacuum leaves them a minute after a bulk load (PostgreSQL's default
    // autovacuum_vacuum_insert_threshold starts it): statistics for the planner, and the
    // visibility map that lets a count read an index alone (migration 0036). Without them a
    // page's pictures were joined by reading all the shop's pictures for each of its products
    // (0.65 ms where 0.2 ms), which no database with autovacuum on (the default) would do. Then a
    // checkpoint, so that writing out the load's pages does not fall on the runs that follow.
    const settle = (url) => {
      if (process.env.BENCH_DATABASE_URL)
        python(
          `from sqlalchemy import create_engine, text\ne = create_engine(${JSON.stringify(url)}, isolation_level="AUTOCOMMIT")\nwith e.connect() as c:\n  c.execute(text("VACUUM ANALYZE"))\n  c.execute(text("CHECKPOINT"))`,
          env,
        );
    };
    for (const [url, dbEnv, grow] of [[database.url, env, false], ...(large ? [[large.url, largeEnv, true]] : [])]) {
      const run = (...args) =>
        execFileSync(path.join(VENV, 'flask'), ['--app', 'bff.app:create_app', ...args], {
          cwd: ROOT,
          env: dbEnv,
          stdio: 'pipe',
        });
      fs.mkdirSync(dbEnv.VAR_DIR, { recursive: true });
      run('db', 'upgrade', '-d', 'db/migrations');
      run('seed-demo');
      if (grow) {
        console.error(`  growing the second shop database to ${PRODUCTS} products`);
        run('seed-demo', '--products', String(PRODUCTS));
      }
      settle(url);
    }
    // Two BFFs on the one database: as deployed (guests' catalogue answers cached), and with that
    // cache off, whose rows show what the reads themselves cost. Each worker on a listening socket
    // of its own, as docker-compose.yml runs them (BFF_REUSE_PORT): on one shared socket a turn's
    // connections went to whichever worker accepted first, and a turn where one worker held most
    // of them ran at half the rate (bff/gunicorn.conf.py). And no worker restarts during the runs
    // (BFF_MAX_REQUESTS=0): the compose file's containers set net.ipv4.tcp_migrate_req, which
    // hands a restarting worker's queued connections to another, and this host may not (wrk saw
    // them reset: 8 errors in a run).
    const startBff = async (extra, log) => {
      const port = await freePort();
      const child = start(
        path.join(VENV, 'gunicorn'),
        ['-c', 'bff/gunicorn.conf.py', '-b', `127.0.0.1:${port}`, '-w', '2', 'bff.wsgi:app'],
        { ...env, BFF_REUSE_PORT: '1', BFF_MAX_REQUESTS: '0', ...extra },
        path.join(tmp, log),
      );
      const url = `http://127.0.0.1:${port}`;
      await ready(`${url}/api/shop`, { 'X-Site-Host': SHOP });
      return { child, url };
    };
    const { child: gunicorn, url: bffUrl } = await startBff({ CATALOGUE_CACHE_MB: '32' }, 'bff.log');
    const { child: gunicornUncached, url: bffUncachedUrl } = await startBff(
      { CATALOGUE_CACHE_MB: '0' },
      'bff-uncached.log',
    );
    // And one with the cache off on the large catalogue's database (5. below).
    const largeBff = large && (await startBff({ ...largeEnv, CATALOGUE_CACHE_MB: '0' }, 'bff-large.log'));
    const ssr = async (extra) => {
      const port = await freePort();
      const child = start(
        process.execPath,
        [...ssrNodeFlags(), 'ssr/server.js'],
        { ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', BFF_URL: bffUrl, ...extra },
        path.join(tmp, `ssr-${port}.log`),
      );
      await ready(`http://127.0.0.1:${port}/healthz`);
      return { child, base: `http://127.0.0.1:${port}` };
    };
    const cached = await ssr({ METRICS_PORT: '0' });
    const uncached = await ssr({ SSR_PAGE_FRESH_MS: '0', METRICS_PORT: '0' });
    const BFF_HEADERS = { 'X-Site-Host': SHOP };
    const sitemap = await (await fetch(`${bffUrl}/api/sitemap`, { headers: BFF_HEADERS })).json();
    const ids = sitemap.products.map((p) => p.id);
    const productPaths = ids.map((id) => `/product/${id}`);
    const listingPages = [1, 2, 3, 4].flatMap((page) =>
      ['recommend', 'newest', 'popular'].map((sort) => `/api/product/new/?page=${page}&sort=${sort}`),
    );
    const search = (term) => `/api/product/search/?searchTerm=${encodeURIComponent(term)}`;
    // The calls timed at two catalogue sizes (5. below).
    const sized = [
      { name: 'listing, newest', paths: ['/api/product/new/?page=1&sort=newest'], method: 'GET' },
      { name: 'listing, category', paths: [`/api/category/${sitemap.categories[0].id}?page=1`], method: 'GET' },
      { name: 'search 奶粉', paths: [search('奶粉')], method: 'POST' },
      { name: 'search 蜂蜜', paths: [search('蜂蜜')], method: 'POST' },
    ];

    // The bare server: every path measured below, answered with the bytes and headers captured
    // from the server measured (a page with its render's nonce; a BFF answer as the BFF sent it).
    console.error('capturing the answers for the bare server');
    const answers = {};
    const keep = async (base, paths, options = {}, key = (p) => p) => {
      for (const p of paths) answers[key(p)] = await capture({ url: `${base}${p}`, ...options });
    };
    await keep(cached.base, productPaths);
    await keep(cached.base, ['/']);
    const plainKey = (p) => `${p}?plain`;
    answers[plainKey(productPaths[0])] = await capture({ url: `${cached.base}${productPaths[0]}` }, 'identity');
    await keep(bffUrl, ['/healthz', ...ids.map((id) => `/api/product/${id}`), ...listingPages], {
      headers: BFF_HEADERS,
    });
    for (const { paths, method } of sized) await keep(bffUncachedUrl, paths, { headers: BFF_HEADERS, method });
    const answersFile = path.join(tmp, 'answers.json');
    fs.writeFileSync(answersFile, JSON.stringify(answers));
    const barePort = await freePort();
    start(
      process.execPath,
      ['ssr/bench/bareServer.js', answersFile, String(barePort)],
      env,
      path.join(tmp, 'bare.log'),
    );
    const bare = `http://127.0.0.1:${barePort}`;
    await ready(`${bare}/healthz`);

    console.error(`measuring (${SECONDS} s per run, ${CONNECTIONS} connections; progress below, table at the end)`);
    // Runs in turns of `slice` seconds (wrk counts whole seconds), so load from elsewhere on the
    // machine falls on all of them alike. Each entry: [base, load options, and optionally the pid
    // of a gunicorn whose workers' CPU to count]; the result: { rps, requests, seconds, errors,
    // cpuMs (the workers' CPU per answer) } over all its turns.
    const alternate = async (runs, { seconds = SECONDS, slice = 1 } = {}) => {
      const totals = runs.map(() => ({ requests: 0, seconds: 0, errors: 0, cpu: 0 }));
      // The live workers' CPU, and the master's count of those it has reaped: a worker that
      // restarts (max_requests) during a run takes its time with it otherwise.
      const workersCpu = (pid) =>
        workersOf(pid).reduce((sum, worker) => sum + cpuSeconds(worker), cpuSeconds(pid, true));
      for (let turn = 0; turn < Math.max(1, Math.round(seconds / slice)); turn += 1) {
        for (const [i, [base, options, pid]] of runs.entries()) {
          const before = pid ? workersCpu(pid) : 0;
          const run = await wrk(base, { connections: CONNECTIONS, ...options, seconds: slice });
          if (pid) totals[i].cpu += workersCpu(pid) - before;
          totals[i].requests += run.requests;
          totals[i].seconds += run.seconds;
          totals[i].errors += run.errors;
        }
      }
      return totals.map((t) => ({ ...t, rps: t.requests / t.seconds, cpuMs: (t.cpu / t.requests) * 1000 }));
    };
    const ratio = (a, b) => a / b;
    const perSecond = (n) => `${n.toFixed(0)} req/s`;
    const errorsOf = (...runs) => {
      const n = runs.reduce((sum, r) => sum + r.errors, 0);
      return n ? ` (${n} errors)` : '';
    };

    if (wanted('page')) {
      // 1. A cached product page beside the bare server sending the same bytes and headers; then a
      // client that takes no gzip, beside the bare server sending the plain bytes.
      {
        const [page, ceiling] = await alternate([
          [cached.base, { paths: [productPaths[0]] }],
          [bare, { paths: [productPaths[0]] }],
        ]);
        const r = ratio(page.rps, ceiling.rps);
        row(
          'cached product page vs bare Node server, same gzip bytes',
          `${page.rps.toFixed(0)} vs ${ceiling.rps.toFixed(0)} req/s = ${r.toFixed(2)}×${errorsOf(page, ceiling)}`,
          perSecond(ceiling.rps),
          '≥ 0.5×',
          verdict(page.rps, ceiling.rps, r >= 0.5),
        );
        const identity = { 'Accept-Encoding': 'identity' };
        const [plain, plainCeiling] = await alternate([
          [cached.base, { paths: [productPaths[0]], headers: identity }],
          [bare, { paths: [plainKey(productPaths[0])], headers: identity }],
        ]);
        const rp = ratio(plain.rps, plainCeiling.rps);
        row(
          'the same, a client without gzip (plain bytes)',
          `${plain.rps.toFixed(0)} vs ${plainCeiling.rps.toFixed(0)} req/s = ${rp.toFixed(2)}×${errorsOf(plain, plainCeiling)}`,
          perSecond(plainCeiling.rps),
          '≥ 0.5×',
          verdict(plain.rps, plainCeiling.rps, rp >= 0.5),
        );
      }
    }

    if (wanted('uncached')) {
      // 2. Uncached pages through Express + BFF beside the in-process render of the same tree.
      const { render } = await import(pathToFileURL(path.join(ROOT, 'frontend/dist/server/entry-server.js')).href);
      let peak = 0;
      for (const [name, list] of [
        ['product', productPaths],
        ['home', ['/']],
      ]) {
        // Turns of a few seconds: a render takes tens of milliseconds, a second holds few of them.
        const [through, ceiling] = await alternate(
          [
            [uncached.base, { paths: list }],
            [bare, { paths: list }],
          ],
          { slice: Math.max(2, Math.round(SECONDS / 2)) },
        );
        const inside = await inProcess(render, list, bffUrl);
        if (name === 'product') peak = through.rps;
        const r = ratio(through.rps, inside);
        row(
          `uncached ${name} page: Express+BFF vs in-process render`,
          `${through.rps.toFixed(0)} vs ${inside.toFixed(0)} /s = ${r.toFixed(2)}×${errorsOf(through)}`,
          perSecond(ceiling.rps),
          '≥ 0.5×',
          verdict(through.rps, ceiling.rps, r >= 0.5),
        );
      }

      // 3. Uncached product pages (every product in turn) at 70 % of the peak just measured, by the
      // Node open-loop client; its ceiling is its own closed-loop rate against the bare server.
      {
        const nodeCeiling = await runClient({
          loop: 'closed',
          urls: productPaths.map((p) => `${bare}${p}`),
          seconds: SECONDS,
          connections: CONNECTIONS,
        });
        const rate = Math.max(1, peak * 0.7); // at least one a second, should the peak read 0
        const open = await runClient({
          loop: 'open',
          urls: productPaths.map((p) => `${uncached.base}${p}`),
          rate,
          seconds: SECONDS * 2,
        });
        row(
          `uncached product pages at 70 % of peak (${rate.toFixed(0)}/s, after ${OPEN_LOOP_WARM_UP_SECONDS} s uncounted): p50 / p99`,
          `${open.p50.toFixed(1)} / ${open.p99.toFixed(1)} ms`,
          `${perSecond(nodeCeiling.rps)} (Node)`,
          'p99 ≤ 50 ms',
          verdict(rate, nodeCeiling.rps, open.p99 <= 50),
        );
      }
    }

    if (wanted('bff')) {
      // 4. BFF calls beside a call that runs no SQL, on the same gunicorn: as deployed, where the
      // products in turn and the listing's pages are kept after their first read (the demo's
      // products fit the cache many times over), and on the BFF with the cache off.
      const apiPaths = ids.map((id) => `/api/product/${id}`);
      // Beside the rates, the workers' CPU per answer (from /proc): a rate on two shared cores
      // moved by a third between runs of the same code; the CPU leaves out the time a call
      // waits for a core.
      for (const [label, base, pid] of [
        ['cache on', bffUrl, gunicorn.pid],
        ['cache off', bffUncachedUrl, gunicornUncached.pid],
      ]) {
        for (const [name, paths] of [
          [`product (${ids.length} in turn)`, apiPaths],
          [`listing (${listingPages.length} pages in turn)`, listingPages],
        ]) {
          const [run, noSql, ceiling] = await alternate([
            [base, { paths, headers: BFF_HEADERS }, pid],
            [base, { paths: ['/healthz'] }, pid],
            [bare, { paths }],
          ]);
          const r = ratio(run.rps, noSql.rps);
          const cpu = `CPU ${run.cpuMs.toFixed(2)} vs ${noSql.cpuMs.toFixed(2)} ms = ${ratio(noSql.cpuMs, run.cpuMs).toFixed(2)}×`;
          row(
            `BFF ${name} call vs no-SQL call (/healthz), ${label}`,
            `${run.rps.toFixed(0)} vs ${noSql.rps.toFixed(0)} req/s = ${r.toFixed(2)}× (${cpu})${errorsOf(run, noSql)}`,
            perSecond(ceiling.rps),
            '≥ 0.3×',
            verdict(Math.max(run.rps, noSql.rps), ceiling.rps, r >= 0.3),
          );
        }
      }
    }

    if (wanted('sizes')) {
      // 5. The same calls at the demo's size and at PRODUCTS products, on two databases served by
      // two BFFs with the cache off (a cached answer costs the same at any size), in turns of a
      // second so the machine's changes of speed fall on both: one connection, so each is its
      // calls' mean latency (the run's time over its calls).
      const oneConnection = await wrk(bare, { paths: sized.flatMap((c) => c.paths), connections: 1, seconds: 2 });
      for (const { name, paths, method } of sized) {
        const load = { paths, method, headers: BFF_HEADERS, connections: 1 };
        const [small, grown] = await alternate([
          [bffUncachedUrl, load],
          [largeBff.url, load],
        ]);
        const ms = (run) => 1000 / run.rps;
        const r = ratio(ms(grown), ms(small));
        row(
          `${PRODUCTS} vs demo catalogue, ${name}: BFF mean latency, cache off, in turns`,
          `${ms(grown).toFixed(1)} vs ${ms(small).toFixed(1)} ms = ${r.toFixed(2)}×${errorsOf(grown, small)}`,
          `${perSecond(oneConnection.rps)} (1 conn.)`,
          '≤ 1.5×',
          verdict(Math.max(grown.rps, small.rps), oneConnection.rps, r <= 1.5),
        );
      }
    }

    if (wanted('js')) {
      // 6. First-load JavaScript per shopper route: the template's scripts and the route's own chunk
      // with what it imports (frontend/scripts/check-first-load.js, which holds the build to a budget).
      const client = path.join(ROOT, 'frontend/dist/client');
      for (const [route, { files, kb }] of Object.entries(routeFirstLoads(client))) {
        row(
          `first-load JS, ${route} page (gzip)`,
          `${kb.toFixed(1)} KB in ${files.length} files`,
          '—',
          `≤ ${ROUTE_GOAL_KB} KB`,
          kb <= ROUTE_GOAL_KB,
        );
      }
    }

    if (wanted('memory')) {
      // 7. Memory after the runs: RSS counts the pages a worker shares with the preloaded master
      // in full, in every worker; PSS splits them among their users; private is the worker's own.
      const ssrMemory = memoryOf(cached.child.pid);
      row(
        'SSR process after the runs (cached server): RSS / PSS / private',
        `${ssrMemory.rss.toFixed(0)} / ${ssrMemory.pss.toFixed(0)} / ${ssrMemory.private.toFixed(0)} MiB`,
        '—',
        'RSS ≤ 150 MiB',
        ssrMemory.rss <= 150,
      );
      const workers = workersOf(gunicorn.pid).map(memoryOf);
      for (const [i, worker] of workers.entries())
        row(
          `BFF worker ${i + 1} after the runs: RSS / PSS / private`,
          `${worker.rss.toFixed(0)} / ${worker.pss.toFixed(0)} / ${worker.private.toFixed(0)} MiB`,
          '—',
          'PSS ≤ 120, private ≤ 64 MiB',
          worker.pss <= 120 && worker.private <= 64,
        );
      const master = memoryOf(gunicorn.pid);
      row(
        'BFF master (what the workers share): RSS / PSS / private',
        `${master.rss.toFixed(0)} / ${master.pss.toFixed(0)} / ${master.private.toFixed(0)} MiB`,
        '—',
        '',
      );
      row('BFF answer cache after the runs (all workers)', await answerCacheSize(bffUrl), '—', '≤ 32 MiB per worker');
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    for (const made of [database, large].filter(Boolean)) {
      try {
        made.drop();
      } catch (error) {
        console.error('could not drop a bench database', error.message);
      }
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  const head = ['what', 'figure', 'client ceiling', 'goal', 'met'];
  const widths = head.map((_, i) => Math.max(...[head, ...rows].map((r) => [...r[i]].length)));
  const line = (r) => `| ${r.map((c, i) => c + ' '.repeat(widths[i] - [...c].length)).join(' | ')} |`;
  console.log(
    `\nstorefront speed (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, production build, 2 gunicorn workers each on its own socket, no restarts, wrk -t1 -c${CONNECTIONS}, ${os.cpus().length} cores; load average ${load})\n`,
  );
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
  console.log(
    `\n"client-bound": the figure is within ${CLIENT_BOUND * 100} % of the client's ceiling (its rate against the bare server), so it measures the client.`,
  );
}

await main();
process.exit(0);
