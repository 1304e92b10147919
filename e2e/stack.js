// Starts the real stack on loopback for browser tests: the Flask BFF (gunicorn,
// else flask run) on a temporary SQLite database seeded with the demo shops,
// and the production SSR server. Everything is stopped and removed by stop().
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VENV_BIN = path.join(ROOT, '.venv/bin');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The Node flags `npm start` runs the production SSR with (package.json's `start`), so the browser
 * tests and the bench start it as production does.
 */
export function ssrNodeFlags() {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const flags = /\bnode((?: --[^\s]+)*) ssr\/server\.js/.exec(scripts.start);
  if (!flags) throw new Error(`package.json's start script does not run ssr/server.js: ${scripts.start}`);
  return flags[1].split(' ').filter(Boolean);
}

// How long a process may take to answer at all. A wait, not a timed assertion: on a loaded machine
// gunicorn's preload (migrations checked, jieba's dictionary, the region list) passes 30 s.
const START_TIMEOUT_MS = 120000;

async function waitFor(url, headers = {}, timeoutMs = START_TIMEOUT_MS, child = null) {
  try {
    await waitUntilUp(url, headers, timeoutMs, child);
  } catch (error) {
    // Never leave the process behind when it did not come up (an orphaned gunicorn held on).
    await stopProcess(child);
    throw error;
  }
}

async function waitUntilUp(url, headers, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  let last = null;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { headers, redirect: 'manual' });
      if (res.status < 500) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up: ${last}`);
}

function startProcess(command, args, env, logFile) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return child;
}

function stopProcess(child) {
  // A process ended by a signal (SIGKILL below) has no exit code, only a signal code: asked to
  // stop again, it would never send another 'exit' (the second stopBff() of a file hung there).
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Another storefront often answers on port 3000 (the demo shops' site_url). While the stack
 * runs, a decoy holds that port when it is free, so a link that leaves this test's origin for
 * the configured site_url lands on a page that says so, and `decoy.hits` records it; the tests
 * assert it stays empty. E2E_DECOY_PORT=0 turns the decoy off.
 */
function startDecoy(port) {
  const decoy = { port, active: false, hits: [], close: () => Promise.resolve() };
  if (!port) return Promise.resolve(decoy);
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      decoy.hits.push(`${req.method} ${req.headers.host}${req.url}`);
      res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end("Decoy on port 3000: this request left the browser test's own origin.\n");
    });
    server.once('error', () => resolve(decoy)); // taken: another server already answers there
    server.listen(port, () => {
      decoy.active = true;
      decoy.close = () =>
        new Promise((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
      server.unref();
      resolve(decoy);
    });
  });
}

/** Stacks now running, so a failed test can show what their processes logged (logTails). */
const running = new Set();

/** The last lines of each running stack's BFF and SSR logs: printed when a test fails or hangs. */
export function logTails(lines = 60) {
  const out = [];
  // Pictures and scripts served well say nothing about a failure and would fill the tail.
  const routine = (line) => /"route":"\/(media|assets)\/\*".*"status":(200|304)/.test(line);
  for (const stack of running) {
    for (const [name, file] of Object.entries(stack.logs)) {
      const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '(no log)';
      const kept = text
        .trimEnd()
        .split('\n')
        .filter((line) => !routine(line));
      out.push(`--- ${name} log (${file}), last ${lines} lines but static files served:`, ...kept.slice(-lines));
    }
  }
  return out.join('\n');
}

export async function startStack(extraEnv = {}) {
  const decoy = await startDecoy(Number(process.env.E2E_DECOY_PORT ?? 3000));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-'));
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite:///${path.join(tmp, 'e2e.sqlite')}`,
    VAR_DIR: tmp,
    FLASK_DEBUG: '0',
    // The sandbox pays without money: on for the tests only, like `make start`.
    PAYMENT_SANDBOX_ENABLED: '1',
    ...extraEnv,
  };
  const flask = path.join(VENV_BIN, 'flask');
  if (!fs.existsSync(flask)) throw new Error('.venv/bin/flask is missing: run `make install` first');
  const flaskArgs = ['--app', 'bff.app:create_app'];
  execFileSync(flask, [...flaskArgs, 'db', 'upgrade', '-d', 'db/migrations'], { cwd: ROOT, env, stdio: 'pipe' });
  execFileSync(flask, [...flaskArgs, 'seed-demo'], { cwd: ROOT, env, stdio: 'pipe' });

  if (!fs.existsSync(path.join(ROOT, 'frontend/dist/server/entry-server.js'))) {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe' });
  }

  const bffPort = await freePort();
  const bffUrl = `http://127.0.0.1:${bffPort}`;
  const gunicorn = path.join(VENV_BIN, 'gunicorn');
  const bffLog = path.join(tmp, 'bff.log');
  const bff = fs.existsSync(gunicorn)
    ? startProcess(
        gunicorn,
        ['-c', 'bff/gunicorn.conf.py', '-b', `127.0.0.1:${bffPort}`, '-w', '2', 'bff.app:create_app()'],
        env,
        bffLog,
      )
    : startProcess(flask, [...flaskArgs, 'run', '-h', '127.0.0.1', '-p', String(bffPort)], env, bffLog);
  await waitFor(`${bffUrl}/api/shop`, { 'X-Site-Host': 'localhost' }, START_TIMEOUT_MS, bff);

  const ssrPort = await freePort();
  const metricsPort = await freePort();
  const ssrLog = path.join(tmp, 'ssr.log');
  const ssr = startProcess(
    process.execPath,
    [...ssrNodeFlags(), 'ssr/server.js'],
    {
      ...env,
      NODE_ENV: 'production',
      PORT: String(ssrPort),
      HOST: '127.0.0.1',
      BFF_URL: bffUrl,
      METRICS_PORT: String(metricsPort),
    },
    ssrLog,
  );
  await waitFor(`http://127.0.0.1:${ssrPort}/robots.txt`, {}, START_TIMEOUT_MS, ssr);

  const stack = {
    baseUrl: `http://localhost:${ssrPort}`,
    enUrl: `http://en.localhost:${ssrPort}`,
    bffUrl,
    // Prometheus text: the SSR's on a port of its own, the BFF's on its port (loopback may read it).
    metricsUrls: { ssr: `http://127.0.0.1:${metricsPort}/metrics`, bff: `${bffUrl}/metrics` },
    tmp,
    logs: { bff: bffLog, ssr: ssrLog },
    decoy,
    stopBff: () => stopProcess(bff),
    async stop() {
      running.delete(stack);
      await Promise.all([stopProcess(ssr), stopProcess(bff), decoy.close()]);
      if (!process.env.E2E_KEEP_TMP) fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
  running.add(stack);
  return stack;
}

/**
 * The SSR in development (`node ssr/server.js --dev`: Vite's dev server, React's development
 * build, which reports hydration mismatches) on a free port, in front of the stack's BFF.
 */
export async function startDevSsr(stack) {
  const port = await freePort();
  const hmrPort = await freePort();
  const log = path.join(stack.tmp, 'ssr-dev.log');
  const child = startProcess(
    process.execPath,
    ['ssr/server.js', '--dev'],
    {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      BFF_URL: stack.bffUrl,
      // Ports of its own for Vite's hot-reload socket and none for metrics: runs side by side.
      VITE_HMR_PORT: String(hmrPort),
      METRICS_PORT: '0',
    },
    log,
  );
  await waitFor(`http://127.0.0.1:${port}/robots.txt`, {}, 60000, child);
  return { baseUrl: `http://localhost:${port}`, log, stop: () => stopProcess(child) };
}

/** GET the BFF as the Chinese shop (or another host) to find test data. */
export async function bffJson(stack, pathAndQuery, host = 'localhost', method = 'GET') {
  const res = await fetch(`${stack.bffUrl}${pathAndQuery}`, { method, headers: { 'X-Site-Host': host } });
  if (!res.ok) throw new Error(`${pathAndQuery}: HTTP ${res.status}`);
  return res.json();
}

/** Call the BFF as the Chinese shop with a JSON body (and a bearer token); a non-2xx answer fails. */
export async function bffCall(stack, token, method, urlPath, body, extra = {}) {
  const headers = { 'X-Site-Host': 'localhost', 'Content-Type': 'application/json', ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${stack.bffUrl}${urlPath}`, { method, headers, body: body && JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${urlPath}: HTTP ${res.status} ${await res.clone().text()}`);
  return res;
}

/** A demo product of the Chinese shop found by a search for `term`, the one whose name has `name`. */
export async function demoProduct(stack, term, name) {
  const { products } = await bffJson(
    stack,
    `/api/product/search/?searchTerm=${encodeURIComponent(term)}`,
    'localhost',
    'POST',
  );
  const found = products.data.find((p) => p.name.includes(name));
  if (!found) throw new Error(`no demo product "${name}"`);
  return found;
}

/**
 * The seeded admin's token, after turning the shop's direct payment off (through the console's
 * settings call): the shop takes payment by its QR codes, which the owner confirms by hand.
 */
export async function adminOfQrShop(stack) {
  const login = await bffCall(stack, null, 'POST', '/api/admin/login', {
    email: 'admin@example.com',
    password: 'admin1234',
  });
  const token = (await login.json()).data.token;
  const settings = await bffCall(stack, token, 'GET', '/api/admin/settings');
  const etag = settings.headers.get('etag');
  await bffCall(
    stack,
    token,
    'PATCH',
    '/api/admin/settings',
    { is_direct_payment_enabled: false },
    { 'If-Match': etag },
  );
  return token;
}
