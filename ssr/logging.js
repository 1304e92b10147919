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

/** The process's logger: JSON lines on stdout (LOG_LEVEL, default info). */
export function createLogger(options = {}) {
  return pino({
    level: process.env.LOG_LEVEL || 'info',
    base: { process: 'ssr' },
    timestamp: pino.stdTimeFunctions.isoTime,
    ...options,
  });
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

function line(req, res, responseTime, error) {
  // request_id comes from the line's logger (customAttributeKeys below).
  return {
    method: req.method,
    route: routeOf(req, res),
    path: loggedPath(req),
    status: res.statusCode,
    duration_ms: responseTime,
    bff_calls: res.locals?.bffCalls,
    ...(error ? { error: error.message } : {}),
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
