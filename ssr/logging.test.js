import http from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './app.js';
import { createLogger, lineBatches, requestLineWriter } from './logging.js';
import { createMetrics } from './metrics.js';

// One JSON line per request with a request id that the render's BFF calls and the /api proxy pass on.
function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let bff;
let ssr;
let base;
const bffSeen = [];
const lines = [];
const rendered = [];

beforeAll(async () => {
  bff = await listen(
    http.createServer((req, res) => {
      bffSeen.push({ url: req.url, id: req.headers['x-request-id'] });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    }),
  );
  const bffUrl = `http://127.0.0.1:${bff.address().port}`;
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().trim().split('\n').map(JSON.parse));
      done();
    },
  });
  const entry = {
    async render({ requestId, url }) {
      rendered.push(requestId);
      // As the real render does: its BFF calls carry the id (frontend/src/api/client.js).
      await fetch(`${bffUrl}/api/shop`, { headers: { 'X-Request-Id': requestId } });
      return {
        status: 200,
        html: `<p>${url}</p>`,
        head: '',
        lang: 'zh',
        state: {},
        route: '/product/:id',
        bffCalls: 1,
      };
    },
  };
  const app = createApp({
    bffUrl,
    getTemplate: async () => '<html><body><!--app-html--></body></html>',
    getEntry: async () => entry,
    logger: pino({ level: 'info' }, sink),
    metrics: createMetrics({ processMetrics: false }),
  });
  ssr = await listen(http.createServer(app));
  base = `http://127.0.0.1:${ssr.address().port}`;
});
afterAll(async () => {
  await new Promise((r) => ssr.close(r));
  await new Promise((r) => bff.close(r));
});
beforeEach(() => {
  lines.length = 0;
  bffSeen.length = 0;
  rendered.length = 0;
});

const waitForLines = async (n) => {
  // pino writes when the answer has finished; the fetch may resolve a moment before.
  for (let i = 0; i < 100 && lines.length < n; i += 1) await new Promise((r) => setImmediate(r));
  return lines;
};

describe('request lines and ids', () => {
  it('gives a page view one id: its answer, its log line and its BFF calls', async () => {
    const res = await fetch(`${base}/product/7?token=reset-secret-123`);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rendered).toEqual([id]);
    expect(bffSeen).toEqual([{ url: '/api/shop', id }]);
    const [line] = await waitForLines(1);
    expect(line).toMatchObject({
      msg: 'request',
      request_id: id,
      method: 'GET',
      route: '/product/:id',
      path: '/product/7',
      status: 200,
      bff_calls: 1,
    });
    expect(JSON.stringify(lines)).not.toContain('reset-secret-123');
  });

  it('takes the id of a trusted proxy (here: loopback), and passes it through /api', async () => {
    const res = await fetch(`${base}/api/cart?x=1`, {
      headers: { 'X-Request-Id': 'lb-0123456789', Authorization: 'Bearer header.payload.sig' },
    });
    expect(res.headers.get('x-request-id')).toBe('lb-0123456789');
    expect(bffSeen).toEqual([{ url: '/api/cart?x=1', id: 'lb-0123456789' }]);
    const [line] = await waitForLines(1);
    expect(line).toMatchObject({ request_id: 'lb-0123456789', route: '/api/*', status: 200 });
    // Proxied paths may hold tokens (the sandbox page): the BFF's line names the route instead.
    expect(line.path).toBeUndefined();
    expect(JSON.stringify(lines)).not.toContain('header.payload.sig');
  });

  it('replaces an id not of our shape', async () => {
    const res = await fetch(`${base}/healthz`, { headers: { 'X-Request-Id': 'a b<script>' } });
    expect(res.headers.get('x-request-id')).not.toBe('a b<script>');
    const [line] = await waitForLines(1);
    expect(line.request_id).toBe(res.headers.get('x-request-id'));
    expect(line.route).toBe('/healthz');
  });
});

describe('requestLineWriter', () => {
  const capture = (options) => {
    const written = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        written.push(chunk.toString());
        done();
      },
    });
    return { logger: pino(options, sink), written };
  };
  const fields = { method: 'GET', route: '/product/:id', path: '/product/7', status: 200, bff_calls: 0 };

  it.each([
    ['the default logger', { level: 'info' }],
    [
      'the SSR process’s (ISO time, base fields)',
      { base: { process: 'ssr' }, timestamp: pino.stdTimeFunctions.isoTime },
    ],
    ['a custom time function', { timestamp: () => ',"time":"t"' }],
  ])('writes the very line pino writes, with %s', async (_name, options) => {
    const fast = capture(options);
    const slow = capture(options);
    const now = Date.now;
    Date.now = () => 1_700_000_000_123; // one time for both lines
    try {
      requestLineWriter(fast.logger, fields)('lb-0123456789', 3);
      slow.logger.child(fields).info({ request_id: 'lb-0123456789', duration_ms: 3 }, 'request');
    } finally {
      Date.now = now;
    }
    await new Promise((r) => setImmediate(r));
    expect(fast.written).toHaveLength(1);
    expect(fast.written).toEqual(slow.written);
    expect(JSON.parse(fast.written[0])).toMatchObject({ ...fields, request_id: 'lb-0123456789', msg: 'request' });
  });

  it('leaves a logger with a mixin to pino, and writes nothing when info is off', async () => {
    const mixed = capture({ mixin: () => ({ extra: 1 }) });
    requestLineWriter(mixed.logger, fields)('lb-0123456789', 3);
    const quiet = capture({ level: 'warn' });
    requestLineWriter(quiet.logger, fields)('lb-0123456789', 3);
    await new Promise((r) => setImmediate(r));
    expect(JSON.parse(mixed.written[0])).toMatchObject({ extra: 1, request_id: 'lb-0123456789', duration_ms: 3 });
    expect(quiet.written).toEqual([]);
  });
});

describe('lineBatches', () => {
  const sinkOf = () => {
    const written = [];
    return { written, write: (s) => written.push(s), flush: (cb) => cb?.(), flushSync: () => written.push('<sync>') };
  };

  it("hands a logger's lines on in order, one string per batch of about the size given", () => {
    const sink = sinkOf();
    const batches = lineBatches(sink, { bytes: 100, ms: 60_000 });
    // At info whatever LOG_LEVEL the test run sets (ssr/vitest.config.js: silent).
    const logger = createLogger({ level: 'info', base: null, timestamp: false }, batches);
    // Each line is {"level":30,"i":N,"msg":"line"} and a newline, 32 characters: the fourth
    // reaches 100 and hands the four on; the rest wait for the next batch, or a flush.
    for (let i = 0; i < 6; i += 1) logger.info({ i }, 'line');
    expect(sink.written).toHaveLength(1);
    const numbers = (text) =>
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).i);
    expect(numbers(sink.written[0])).toEqual([0, 1, 2, 3]);
    logger.flush();
    expect(sink.written).toHaveLength(2);
    expect(numbers(sink.written[1])).toEqual([4, 5]);
  });

  it('writes what waits before a synchronous flush (the exit)', () => {
    const sink = sinkOf();
    const batches = lineBatches(sink, { bytes: 4096, ms: 60_000 });
    batches.write('{"a":1}\n');
    batches.flushSync();
    expect(sink.written).toEqual(['{"a":1}\n', '<sync>']);
  });

  it('writes what waits within the interval, and nothing when nothing waits', () => {
    vi.useFakeTimers();
    try {
      const sink = sinkOf();
      const batches = lineBatches(sink, { bytes: 4096, ms: 200 });
      batches.write('{"a":1}\n');
      batches.write('{"a":2}\n');
      expect(sink.written).toEqual([]);
      vi.advanceTimersByTime(200);
      expect(sink.written).toEqual(['{"a":1}\n{"a":2}\n']);
      vi.advanceTimersByTime(1000);
      expect(sink.written).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
