// One JSON line per request (pino-http), with the request id that follows a page view into the
// BFF: taken from X-Request-Id when a trusted proxy (the app's 'trust proxy' addresses) sent one
// of our shape, else a fresh UUID; it goes back in the answer's X-Request-Id, onto every BFF call of
// the render and through the /api proxy. A line says method, route template, path (never the query
// string: a reset link's token), status and time; no header, cookie or body is ever logged.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import { pathOf, routeOf } from './metrics.js';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

// Lines are gathered up to this many bytes, or this long, before they are written.
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 200;

// Every batcher's last lines, written when the process exits (one listener for them all).
const atExit = new Set();
process.on('exit', () => atExit.forEach((handOn) => handOn()));

/**
 * A pino destination that gathers lines and hands them to `sink` (a SonicBoom) as one string per
 * batch of about `bytes`, or at least every `ms`, and at exit. SonicBoom can gather by itself
 * (minLength), but it then measures its whole growing buffer on every line (Buffer.byteLength of
 * the joined string: a flattening copy of up to `bytes`), and its writes off the main thread cost
 * a thread hand-over each: together about 8 µs of a 50 µs page cache hit. Here a line costs an
 * array push. Lines keep their order: every line of the logger comes through here.
 */
export function lineBatches(sink, { bytes = LOG_BUFFER_BYTES, ms = LOG_FLUSH_MS } = {}) {
  let lines = [];
  let length = 0;
  const handOn = () => {
    if (!lines.length) return;
    const batch = lines.length === 1 ? lines[0] : lines.join('');
    lines = [];
    length = 0;
    sink.write(batch);
  };
  setInterval(handOn, ms).unref();
  atExit.add(handOn);
  return {
    write(line) {
      lines.push(line);
      // Characters, not bytes: a line is ASCII but for an error's message, so near enough.
      length += line.length;
      if (length >= bytes) handOn();
      return true;
    },
    flush(callback) {
      handOn();
      sink.flush(callback);
    },
    flushSync() {
      handOn();
      sink.flushSync();
    },
  };
}

/**
 * stdout in batches of about 4 KB, each one write on the main thread (a few microseconds): not a
 * blocking write per line, as pino does by default. A stdout that stops reading (a stalled log
 * collector) holds the process up as pino's default would; lines are never dropped.
 */
export function bufferedStdout() {
  return lineBatches(pino.destination({ dest: 1, sync: true }));
}

/**
 * The process's logger: JSON lines on stdout (LOG_LEVEL, default info), at most LOG_FLUSH_MS
 * late; what is left is written when the process exits.
 */
export function createLogger(options = {}, destination = bufferedStdout()) {
  return pino(
    {
      level: process.env.LOG_LEVEL || 'info',
      base: { process: 'ssr' },
      timestamp: pino.stdTimeFunctions.isoTime,
      ...options,
    },
    destination,
  );
}

export function requestIdOf(req, trusted) {
  const given = req.headers[REQUEST_ID_HEADER];
  if (typeof given === 'string' && REQUEST_ID.test(given) && trusted(req.socket.remoteAddress, 0)) return given;
  return randomUUID();
}

// Proxied /api and /media paths may carry a token (the sandbox payment page): the BFF's own line,
// with the same request id, names its route instead.
const loggedPath = (req) => {
  const path = pathOf(req);
  return /^\/(api|media)\//.test(path) ? undefined : path;
};

/**
 * The fields of a request's line. request_id comes from the line's logger (customAttributeKeys
 * below); the page cache's front, which answers before Express, passes route and bffCalls itself.
 */
export function requestLine(
  req,
  res,
  responseTime,
  { route = routeOf(req, res), bffCalls = res.locals?.bffCalls } = {},
) {
  return {
    method: req.method,
    route,
    path: loggedPath(req),
    status: res.statusCode,
    duration_ms: responseTime,
    bff_calls: bffCalls,
  };
}

const line = (req, res, responseTime, error) => ({
  ...requestLine(req, res, responseTime),
  ...(error ? { error: error.message } : {}),
});

const { asJsonSym, hooksSym, mixinSym, msgPrefixSym, needsMetadataGsym, streamSym, timeSym } = pino.symbols;
// pino's time functions that change once a millisecond at most: kept for the millisecond.
const { epochTime, isoTime, nullTime, unixTime } = pino.stdTimeFunctions;
const MILLISECOND_TIMES = new Set([epochTime, isoTime, nullTime, unixTime]);
// Marks put where a line's request id and time go, to cut pino's own line into its fixed parts.
const ID_MARK = 'request-id-mark-7f3a9c';
const MS_MARK = 918273645;

/**
 * `logger.child(fields).info({ request_id, duration_ms }, 'request')` for many lines sharing
 * `fields` (a page cache hit's: ssr/app.js): (requestId, ms) => void, writing the same bytes
 * without pino's work per line. pino serialises one line with marks in the request id's and
 * the time's places once; each line is those parts joined around its own id, time and duration,
 * its ISO time worked out once per millisecond. A logger that changes lines its own way (mixin,
 * hooks, a message prefix, a multistream) gets pino's call itself, as does info when off.
 * `requestId` is one requestIdOf gave: a UUID or an id of REQUEST_ID's characters, nothing to escape.
 */
export function requestLineWriter(logger, fields) {
  const child = logger.child(fields);
  const slow = (requestId, ms) => child.info({ request_id: requestId, duration_ms: ms }, 'request');
  const stream = child[streamSym];
  if (
    !child.isLevelEnabled('info') ||
    child[mixinSym] ||
    child[hooksSym]?.logMethod ||
    child[hooksSym]?.streamWrite ||
    typeof child[msgPrefixSym] === 'string' ||
    stream?.[needsMetadataGsym]
  )
    return child.isLevelEnabled('info') ? slow : () => {};
  const level = child.levels.values.info;
  const sample = child[asJsonSym]({ request_id: ID_MARK, duration_ms: MS_MARK }, 'request', level, '\u0000');
  const [head, rest = '', ...more] = sample.split('\u0000');
  const [middle, after = '', ...twice] = rest.split(`"${ID_MARK}"`);
  const [between, tail, ...again] = after.split(String(MS_MARK));
  if (more.length || twice.length || again.length || tail === undefined) return slow;
  const time = child[timeSym];
  if (!MILLISECOND_TIMES.has(time))
    return (requestId, ms) => stream.write(`${head}${time()}${middle}"${requestId}"${between}${ms}${tail}`);
  let lastMs = -1;
  let lastTime = '';
  return (requestId, ms) => {
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      lastTime = time();
    }
    stream.write(`${head}${lastTime}${middle}"${requestId}"${between}${ms}${tail}`);
  };
}

/** Express middleware; `trusted(address, hop)` is the app's 'trust proxy fn'. */
export function requestLogging({ logger = createLogger(), trusted }) {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'request_id' },
    genReqId(req, res) {
      const id = requestIdOf(req, trusted);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customSuccessObject: (req, res, { responseTime }) => line(req, res, responseTime),
    customErrorObject: (req, res, error, { responseTime }) => line(req, res, responseTime, error),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request failed',
  });
}
