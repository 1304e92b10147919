// The page cache's hit path beside a bare Node server sending the same bytes, without the BFF or a
// build: `make bench`'s first two rows on their own, for trying a change of the hit path quickly.
// Starts ssr/bench/hitServer.js (the production app, a stand-in render) and ssr/bench/bareServer.js
// on what it answered (gzip and plain), then wrk in turns of a second, as table.js does.
//   node ssr/bench/hitBench.js [--seconds 6] [--connections 16] [--page page.html]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT } from '../../e2e/stack.js';
import { wrk } from './wrk.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const SECONDS = Number(arg('seconds', 6));
const CONNECTIONS = Number(arg('connections', 16));
const PAGE = arg('page', null);
const PATH = '/product/1';

const children = [];
const TICK_US = 1e6 / 100; // /proc's clock ticks (USER_HZ)
/** CPU time a process has used so far, in microseconds (user + system, /proc/PID/stat). */
const cpuOf = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
};
const start = (args) => {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
};

function capture(url, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const headers = { ...res.headers };
          for (const h of ['date', 'connection', 'keep-alive', 'transfer-encoding']) delete headers[h];
          resolve({ status: res.statusCode, headers, body: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}

async function ready(url) {
  for (let i = 0; i < 200; i += 1) {
    try {
      await capture(url, 'gzip');
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not start`);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hit-bench-'));
try {
  const hitPort = await freePort();
  const hitChild = start(['ssr/bench/hitServer.js', String(hitPort), ...(PAGE ? [PAGE] : [])]);
  const hit = `http://127.0.0.1:${hitPort}`;
  await ready(`${hit}${PATH}`); // the miss that stores the page
  const gzip = await capture(`${hit}${PATH}`, 'gzip');
  const plain = await capture(`${hit}${PATH}`, 'identity');
  const answersFile = path.join(tmp, 'answers.json');
  fs.writeFileSync(answersFile, JSON.stringify({ [PATH]: gzip, [`${PATH}?plain`]: plain }));
  const barePort = await freePort();
  const bareChild = start(['ssr/bench/bareServer.js', answersFile, String(barePort)]);
  const bare = `http://127.0.0.1:${barePort}`;
  await ready(`${bare}${PATH}`);
  console.log(
    `hit ${gzip.headers['x-cache']}, ${Buffer.from(gzip.body, 'base64').length} gzip / ` +
      `${Buffer.from(plain.body, 'base64').length} plain bytes; wrk -t1 -c${CONNECTIONS}, ${SECONDS} s each, in turns`,
  );
  for (const [name, headers, barePath] of [
    ['gzip', {}, PATH],
    ['plain', { 'Accept-Encoding': 'identity' }, `${PATH}?plain`],
  ]) {
    const totals = [
      { requests: 0, seconds: 0, errors: 0, cpu: 0 },
      { requests: 0, seconds: 0, errors: 0, cpu: 0 },
    ];
    for (let turn = 0; turn < SECONDS; turn += 1) {
      for (const [i, [base, p, pid]] of [
        [hit, PATH, hitChild.pid],
        [bare, barePath, bareChild.pid],
      ].entries()) {
        const before = cpuOf(pid);
        const run = await wrk(base, { paths: [p], headers, connections: CONNECTIONS, seconds: 1 });
        totals[i].cpu += cpuOf(pid) - before;
        totals[i].requests += run.requests;
        totals[i].seconds += run.seconds;
        totals[i].errors += run.errors;
      }
    }
    const [a, b] = totals.map((t) => t.requests / t.seconds);
    const errors = totals[0].errors + totals[1].errors;
    // The servers' own CPU per answer: what the machine's other load does not change much.
    const [ca, cb] = totals.map((t) => t.cpu / t.requests);
    console.log(
      `${name.padEnd(5)} hit ${a.toFixed(0)} vs bare ${b.toFixed(0)} req/s = ${(a / b).toFixed(2)}×` +
        `${errors ? ` (${errors} errors)` : ''}; CPU per answer ${ca.toFixed(0)} vs ${cb.toFixed(0)} µs` +
        `; load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(', ')}`,
    );
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  fs.rmSync(tmp, { recursive: true, force: true });
}
