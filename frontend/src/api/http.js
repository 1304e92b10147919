import axios from 'axios';
import { isServerFailure, toApiError } from './client.js';
import { RENEWED_TOKEN_HEADER, REQUEST_TIMEOUT_MS } from './paths.js';

// The axios instance behind every call: the server render's (entry-server.jsx) and, loaded on
// its first call, the browser's (lazyApiClient in ./client.js).

/**
 * One axios instance per browser session or per server render.
 * siteHost: the shop's hostname (location.hostname, or the rendered request's host).
 * getToken: reads the bearer token (localStorage in the browser; none on the server).
 * onRequest/onResponse: pending-request hooks for the global loading flag.
 * setToken: stores a token the BFF renewed (X-Renewed-Token header).
 * onSessionExpired: called on a 401, unless the call opted out with `skipSessionExpiry`
 *   (login, login status, logout: their failures are not an expired session), or the browser's
 *   token is no longer the one the call was sent with (a read still on its way when the shopper
 *   logged out: its 401 says nothing of the session the browser holds now).
 * requestId: the server render's request id, sent as X-Request-Id on every call so the BFF's
 *   log lines of a page view carry the SSR's id (ssr/logging.js).
 * onServerFailure: called on a server failure (isServerFailure); the text it returns
 *   becomes the error's message, so a screen that shows the failure shows that text
 *   (the shop's 'Failed to connect to server'), never "Network Error" or a 500's body.
 */
export function createApiClient({
  baseURL = '',
  siteHost,
  getToken = () => null,
  setToken,
  onSessionExpired,
  onServerFailure,
  onRequest,
  onResponse,
  httpAgent,
  requestId,
} = {}) {
  // withCredentials: the HttpOnly renewal cookie (sf_renew, path /api) rides along.
  const http = axios.create({
    baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    withCredentials: true,
    ...(httpAgent ? { httpAgent } : {}),
  });
  const renew = (response) => {
    const token = response?.headers?.[RENEWED_TOKEN_HEADER];
    if (token && setToken) setToken(token);
  };
  http.interceptors.request.use((config) => {
    if (siteHost) config.headers['X-Site-Host'] = siteHost;
    if (requestId) config.headers['X-Request-Id'] = requestId;
    const token = getToken();
    if (token) config.headers.Authorization = `Bearer ${token}`;
    config.sentToken = token || null;
    onRequest?.();
    return config;
  });
  http.interceptors.response.use(
    (response) => {
      onResponse?.();
      renew(response);
      return response;
    },
    (error) => {
      onResponse?.();
      renew(error?.response);
      const apiError = toApiError(error);
      const config = error?.config;
      const sameSession = (config?.sentToken ?? null) === (getToken() || null);
      if (apiError.status === 401 && !config?.skipSessionExpiry && sameSession) onSessionExpired?.(apiError);
      if (isServerFailure(apiError) && onServerFailure) {
        const message = onServerFailure(apiError);
        if (message) apiError.message = message;
      }
      return Promise.reject(apiError);
    },
  );
  return http;
}
