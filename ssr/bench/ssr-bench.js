// Throughput and latency of the home and a product page through the SSR
// process, beside the bare in-process render rate of the same pages.
// Starts the real stack like the browser tests. No pass/fail: it prints figures.
//   npm run bench:ssr [-- --seconds 10 --connections 10]
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startStack, bffJson, ROOT } from '../../e2e/stack.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 10);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Closed-loop load: CONNECTIONS keep-alive clients, each sending its next request when the last ends. */
async function load(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  let errors = 0;
  const end = Date.now() + SECONDS * 1000;
  const one = () =>
    new Promise((resolve) => {
      const start = process.hrtime.bigint();
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors += 1;
            latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
            resolve();
          });
        })
        .on('error', () => {
          errors += 1;
          resolve();
        });
    });
  const worker = async () => {
    while (Date.now() < end) await one();
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    rps: sorted.length / ((Date.now() - started) / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors,
  };
}

async function inProcess(render, url, origin, bffUrl) {
  let count = 0;
  const end = Date.now() + SECONDS * 1000;
  const started = Date.now();
  const worker = async () => {
    while (Date.now() < end) {
      await render({ url, origin, bffUrl, layoutCacheMs: 30000 });
      count += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return count / ((Date.now() - started) / 1000);
}

const stack = await startStack();
try {
  const product = (await bffJson(stack, '/api/product/new/?page=1')).products.data[0];
  const { render } = await import(pathToFileURL(path.join(ROOT, 'frontend/dist/server/entry-server.js')).href);
  const ssrOrigin = stack.baseUrl.replace('localhost', '127.0.0.1');
  console.log(`SSR benchmark: ${SECONDS}s per run, ${CONNECTIONS} connections, loopback`);
  for (const [name, pathname] of [
    ['home', '/'],
    ['product', `/product/${product.id}`],
  ]) {
    const r = await load(`${ssrOrigin}${pathname}`);
    const bare = await inProcess(render, pathname, 'http://localhost:3000', stack.bffUrl); // same layout cache as the server
    console.log(
      `${name.padEnd(8)} through SSR: ${r.rps.toFixed(1)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}  | bare render(): ${bare.toFixed(1)} renders/s`,
    );
  }
} finally {
  await stack.stop();
}
