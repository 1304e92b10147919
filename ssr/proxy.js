import http from 'node:http';
import https from 'node:https';
import { refuseTooLarge, watchBodySize } from './bodyLimit.js';

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/**
 * Stream a request through to the BFF unchanged (body, status, headers).
 * The shop is chosen by X-Site-Host: the browser sends it on API calls; image
 * requests do not, so the proxy adds the host the shopper asked for.
 */
export function createProxy(target) {
  const base = new URL(target);
  const transport = base.protocol === 'https:' ? https : http;
  // Idle sockets close after 2 s, before the BFF's own keep-alive limit (gunicorn: 5 s),
  // so a request is not written into a socket the BFF is closing.
  const agent = new transport.Agent({ keepAlive: true, timeout: 2000 });
  function proxy(req, res) {
    const headers = { ...req.headers };
    for (const h of HOP_BY_HOP) delete headers[h];
    headers.host = base.host;
    if (!headers['x-site-host']) headers['x-site-host'] = req.hostname;
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    headers['x-forwarded-proto'] = req.protocol;
    headers['x-forwarded-host'] = req.headers.host;
    // The request id of this call's line in both processes' logs (ssr/logging.js).
    if (req.id) headers['x-request-id'] = req.id;
    const idempotent = req.method === 'GET' || req.method === 'HEAD';
    send(req, res, headers, idempotent, idempotent);
  }

  function send(req, res, headers, bodiless, canRetry) {
    let tooLarge = () => false;
    const upstream = transport.request(
      {
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port,
        method: req.method,
        path: req.originalUrl,
        headers,
        agent,
      },
      (answer) => {
        const out = { ...answer.headers };
        for (const h of HOP_BY_HOP) delete out[h];
        // Merged with the security headers already set (ssr/security.js): where the BFF sent
        // its own (a Content-Security-Policy for an HTML page of its own), the BFF's wins.
        res.writeHead(answer.statusCode, out);
        answer.pipe(res);
      },
    );
    upstream.setTimeout(30000, () => upstream.destroy(new Error('upstream timeout')));
    upstream.on('error', (error) => {
      if (tooLarge()) return; // answered 413 already
      // A reused keep-alive socket may still be reset by the peer: retry a GET once.
      if (canRetry && upstream.reusedSocket && error.code === 'ECONNRESET' && !res.headersSent) {
        send(req, res, headers, bodiless, false);
        return;
      }
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.status(503).json({ message: 'Service unavailable', code: 'bff_unavailable' });
    });
    if (bodiless) {
      upstream.end();
      return;
    }
    // A body sent without Content-Length is counted as it goes (ssr/bodyLimit.js checked the others).
    tooLarge = watchBodySize(req, () => {
      req.unpipe(upstream);
      upstream.destroy();
      refuseTooLarge(req, res);
    });
    req.pipe(upstream);
  }
  return proxy;
}
