// The bench's Node HTTP client, for the open-loop latency row (wrk has no fixed rate) and that
// row's ceiling, run in a process of its own (`runClient`): in the bench's own process, after it
// had rendered pages in process, its garbage collections fell inside the runs it timed (two runs
// of the row alone read p99 118 and 65 ms; the client in its own process, four runs, 33-46 ms).
//   node ssr/bench/nodeClient.js '<json: { loop: "open" | "closed", urls, rate?, seconds, connections? }>'
// prints the result as one JSON line.
import { execFile } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Closed loop: `connections` keep-alive clients, each sending its next request when the last ends. */
async function closedLoop(next, { seconds, connections }) {
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

/** Seconds an open-loop run sends before it counts (see openLoop); the table's row names it. */
export const OPEN_LOOP_WARM_UP_SECONDS = 1;

/** Open loop at `rate` per second: latency from when each request was due, so queueing counts. */
async function openLoop(next, rate, seconds, warmUp = OPEN_LOOP_WARM_UP_SECONDS) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies = [];
  const pending = [];
  const started = performance.now();
  // The first second's requests are sent at the same rate but not counted: they open the
  // client's connections (a new one for each request while the others are busy), and their
  // latencies, 50-110 ms at 90/s against 20-30 ms after, were a tenth of the run's hundred worst,
  // so they alone set its p99 (a run's slowest requests were all due in its first 110 ms).
  const counted = started + warmUp * 1000;
  let sent = 0;
  while (performance.now() - started < (warmUp + seconds) * 1000) {
    // Request i is due at i / rate seconds: those up to now, the first at once. (Counting only the
    // whole periods past made each request wait one period more than its due time, 7 ms at 150/s.)
    const due = Math.floor(((performance.now() - started) / 1000) * rate) + 1;
    for (; sent < due; sent += 1) {
      const dueAt = started + (sent / rate) * 1000;
      const done = send(next(), agent);
      pending.push(dueAt < counted ? done : done.then(() => latencies.push(performance.now() - dueAt)));
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

/** `urls` in turn, as `next` hands them to the loops. */
const inTurn = (urls) => {
  let i = 0;
  return () => ({ url: urls[i++ % urls.length] });
};

/** One run in a fresh Node process: closed ({ rps, p50, errors }) or open ({ p50, p99 }). */
export function runClient(options) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [here, JSON.stringify(options)], { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`the Node client failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout.trim().split('\n').pop()));
    });
  });
}

if (process.argv[1] === here) {
  const { loop, urls, rate, seconds, connections } = JSON.parse(process.argv[2]);
  const result =
    loop === 'open'
      ? await openLoop(inTurn(urls), rate, seconds)
      : await closedLoop(inTurn(urls), { seconds, connections });
  console.log(JSON.stringify(result));
}
