// `make lighthouse` (issue 27.5): Lighthouse's mobile audit (its default: a Moto G Power's screen,
// simulated slow 4G and a 4x slower CPU) of the home, a category, a brand, a product and an article
// page of the Chinese demo shop, on the production build served by the real stack (e2e/stack.js),
// in Debian's Chromium. Prints each page's performance score with FCP, LCP and TBT, the median of
// RUNS runs (3 unless set), and the machine's load average: scores on a busy machine are not the
// shop's. Lighthouse is a pinned devDependency (12.2.3: 13 wants Node 22).
//   RUNS=1                          runs per page
//   LIGHTHOUSE_PAGES=/,/category/1  these paths only (named by their path)
//   LIGHTHOUSE_DETAILS=1            each run's long tasks (as Lighthouse times them on its slowed
//                                   CPU) and script time per file: where the Total Blocking Time is
import { spawn } from 'node:child_process';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { bffJson, freePort, startStack } from '../e2e/stack.js';

const RUNS = Number(process.env.RUNS || 3);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

async function startChromium() {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  const child = spawn(
    CHROMIUM,
    ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  // Chromium writes its profile until it has exited: remove the profile after that.
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      console.error(`left ${profile}: ${error.message}`);
    }
  };
  return { port, stop };
}

/** The median of the runs that produced a figure (a run Lighthouse could not finish has none). */
const median = (values) => {
  const found = values.filter(Number.isFinite).sort((a, b) => a - b);
  return found.length ? found[Math.floor(found.length / 2)] : NaN;
};

async function audit(url, port) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const ms = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const { score } = lhr.categories.performance;
  if (process.env.LIGHTHOUSE_DETAILS) {
    const items = (id) => lhr.audits[id]?.details?.items || [];
    const file = (url) => url.replace(/^https?:\/\/[^/]+/, '');
    const tasks = items('long-tasks').map((t) => `${Math.round(t.duration)} ms ${file(t.url)}`);
    const scripts = items('bootup-time').map((b) => `${file(b.url)} ${Math.round(b.scripting)} ms`);
    console.log(`  long tasks: ${tasks.join(', ') || 'none'}\n  script time: ${scripts.join(', ')}`);
  }
  if (lhr.runtimeError) console.error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return {
    // null when Lighthouse could not finish the run (its runtimeError): no figure, not a 0.
    score: score == null ? NaN : Math.round(score * 100),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    // Lighthouse's own measure of the host's CPU; under 1,000 it warns that the host is slower than
    // it expects and the score may suffer (core/gather/driver/environment.js,
    // SLOW_CPU_BENCHMARK_INDEX_THRESHOLD; docs/throttling.md, "Calibrating multipliers").
    benchmark: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

/** The five pages of the demo shop, by name: its first brand's and first article's from the BFF. */
async function demoPages(stack) {
  const brands = await bffJson(stack, '/api/brand');
  const articles = await bffJson(stack, '/api/article');
  const brand = (brands.brands || [])[0];
  const article = (articles.data?.articles || [])[0];
  const pages = { home: '/', category: '/category/1', brand: `/brand/${brand?.id}`, product: '/product/10' };
  if (article) pages.article = `/article/${article.id}`;
  return pages;
}

const stack = await startStack();
const chromium = await startChromium();
try {
  const pages = process.env.LIGHTHOUSE_PAGES
    ? Object.fromEntries(process.env.LIGHTHOUSE_PAGES.split(',').map((p) => [p, p]))
    : await demoPages(stack);
  console.log(
    `Lighthouse ${RUNS} run(s) per page, mobile; load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const [name, pagePath] of Object.entries(pages)) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await audit(`${stack.baseUrl}${pagePath}`, chromium.port));
    const m = (key) => median(runs.map((r) => r[key]));
    const fig = (value, text) => (Number.isFinite(value) ? text(value) : '—');
    console.log(
      `${name.padEnd(9)} ${fig(m('score'), String).padStart(3)}  FCP ${fig(m('fcp'), (v) => `${(v / 1000).toFixed(2)} s`)}  ` +
        `LCP ${fig(m('lcp'), (v) => `${(v / 1000).toFixed(2)} s`)}  TBT ${fig(m('tbt'), (v) => `${Math.round(v)} ms`)}  ` +
        `(scores ${runs.map((r) => (Number.isFinite(r.score) ? r.score : 'failed')).join(', ')}; ` +
        `host CPU index ${fig(m('benchmark'), (v) => String(Math.round(v)))}${m('benchmark') < 1000 ? ', under the 1,000 Lighthouse expects' : ''})`,
    );
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await chromium.stop();
  await stack.stop();
}
