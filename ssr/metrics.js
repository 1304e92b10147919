// Prometheus metrics of the SSR process (prom-client): requests and their latency by route
// template, render time and BFF calls per render by page route, and the process's own (CPU,
// memory, event-loop lag). Served by server.js on a port of its own (METRICS_PORT, bound to
// METRICS_HOST, 127.0.0.1 unless set), never on the public one.
import http from 'node:http';
import client from 'prom-client';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The request's path without the query string (req.path loses a mount point such as /api). */
export function pathOf(req) {
  const url = req.originalUrl || req.url || '';
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

// What a request is, for a label of bounded count: the page route a render matched
// (res.locals.route, '/product/:id'), else the kind of path.
export function routeOf(req, res) {
  if (res.locals?.route) return res.locals.route;
  const path = pathOf(req);
  if (path.startsWith('/api/')) return '/api/*';
  if (path.startsWith('/media/')) return '/media/*';
  if (path.startsWith('/assets/')) return '/assets/*';
  if (['/healthz', '/readyz', '/robots.txt', '/sitemap.xml'].includes(path)) return path;
  return 'other';
}

export function createMetrics({ registry = new client.Registry(), processMetrics = true } = {}) {
  if (processMetrics) client.collectDefaultMetrics({ register: registry, prefix: 'ssr_' });
  const registers = [registry];
  // Counts kept in plain numbers (tallyOf below) and added to their counter when the registry is
  // read: prom-client builds a key from the labels on every inc, a few microseconds of a page
  // cache hit's forty. `collect` is prom-client's hook, run before a metric is read.
  const tallies = new Map(); // key -> { metric, labels, n }
  function addTallies() {
    for (const tally of tallies.values()) {
      if (tally.metric !== this || !tally.n) continue;
      this.inc(tally.labels, tally.n);
      tally.n = 0;
    }
  }
  const requests = new client.Counter({
    name: 'ssr_http_requests_total',
    help: 'Requests answered, by route template.',
    labelNames: ['method', 'route', 'status'],
    registers,
    collect: addTallies,
  });
  const latency = new client.Histogram({
    name: 'ssr_http_request_duration_seconds',
    help: 'Time to answer a request, by route template.',
    labelNames: ['method', 'route'],
    buckets: SECONDS,
    registers,
  });
  const renderTime = new client.Histogram({
    name: 'ssr_render_duration_seconds',
    help: 'Time to render a page (its BFF calls included), by page route.',
    labelNames: ['route'],
    buckets: SECONDS,
    registers,
  });
  const bffCalls = new client.Histogram({
    name: 'ssr_bff_calls_per_render',
    help: 'BFF calls one render made, by page route.',
    labelNames: ['route'],
    buckets: [0, 1, 2, 3, 4, 5, 6, 8, 10, 15, 20],
    registers,
  });

  const pageCache = new client.Counter({
    name: 'ssr_page_cache_total',
    help: "Guests' pages looked up in the page cache (ssr/pageCache.js), by outcome: HIT, STALE or MISS.",
    labelNames: ['route', 'state'],
    registers,
    collect: addTallies,
  });

  // Each label set's series looked up once: a page cache hit costs microseconds, and prom-client
  // builds a key from the labels on every call otherwise.
  const keyOf = (metric, labels) => `${metric.name}\n${Object.values(labels).join('\n')}`;
  const series = new Map();
  const seriesOf = (metric, labels) => {
    const key = keyOf(metric, labels);
    let found = series.get(key);
    if (!found) {
      found = metric.labels(labels);
      series.set(key, found);
    }
    return found;
  };
  // A counter's series for these labels as { n }: add to n, prom-client's counter has it when read.
  const tallyOf = (metric, labels) => {
    const key = keyOf(metric, labels);
    let found = tallies.get(key);
    if (!found) {
      found = { metric, labels, n: 0 };
      // The series shows (at 0) from now on, as prom-client's own would once used.
      metric.inc(labels, 0);
      tallies.set(key, found);
    }
    return found;
  };

  /** One answer: counted, timed and, for a guest page, what the page cache did. */
  function record({ method, route, status, seconds, cache }) {
    recorder({ method, route, status, cache })(seconds);
  }

  /**
   * record() with the labels bound: (seconds) => void. The page cache's hits keep one per page, so
   * a hit finds no series by its labels.
   */
  function recorder({ method, route, status, cache }) {
    const count = tallyOf(requests, { method, route, status: String(status) });
    const time = seriesOf(latency, { method, route });
    const outcome = cache ? tallyOf(pageCache, { route, state: cache }) : null;
    return (seconds) => {
      count.n += 1;
      time.observe(seconds);
      if (outcome) outcome.n += 1;
    };
  }

  function middleware(req, res, next) {
    const started = performance.now();
    res.on('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      record({
        method: req.method,
        route: routeOf(req, res),
        status: res.statusCode,
        seconds,
        cache: res.locals?.cache,
      });
    });
    next();
  }

  // The server entry with its render timed and its BFF calls counted.
  const wrapped = new WeakMap();
  function instrumentEntry(getEntry) {
    return async () => {
      const entry = await getEntry();
      if (!entry?.render) return entry;
      if (!wrapped.has(entry)) {
        wrapped.set(entry, {
          ...entry,
          async render(args) {
            const end = renderTime.startTimer();
            const result = await entry.render(args);
            const route = result.route || 'other';
            end({ route });
            if (typeof result.bffCalls === 'number') bffCalls.observe({ route }, result.bffCalls);
            return result;
          },
        });
      }
      return wrapped.get(entry);
    };
  }

  return { registry, middleware, record, recorder, instrumentEntry };
}

/** A server of its own for /metrics (null when port is 0): the public port never answers it. */
export function serveMetrics(metrics, { port, host, onError = () => {} }) {
  if (!port) return null;
  const server = http.createServer(async (req, res) => {
    if (req.method !== 'GET' || new URL(req.url, 'http://metrics').pathname !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const body = await metrics.registry.metrics();
    res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(body);
  });
  // A port already taken (another copy on this host) costs the metrics, not the storefront.
  server.on('error', onError);
  server.listen(port, host);
  return server;
}
