import axios from 'axios';
import { RENEWED_TOKEN_HEADER, REQUEST_TIMEOUT_MS, TOKEN_KEY } from './paths.js';

/** A failed call, normalised so screens and loaders need not know axios. */
export class ApiError extends Error {
  constructor(message, { status = 0, code = null, data = null } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status; // 0: no answer at all (BFF down or timed out)
    this.code = code;
    this.data = data;
  }
}

export function toApiError(error) {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError('Canceled', { status: 0, code: 'canceled' });
  const res = error?.response;
  if (!res) return new ApiError(error?.message || 'Network error', { status: 0, code: 'unreachable' });
  const body = res.data && typeof res.data === 'object' ? res.data : {};
  return new ApiError(body.message || `HTTP ${res.status}`, {
    status: res.status,
    code: body.code || null,
    data: body,
  });
}

/** No answer (BFF down, network gone, time-out) or a 5xx: SPEC section 8's 'Failed to connect to server'. */
export const isServerFailure = (apiError) =>
  (apiError.status === 0 && apiError.code !== 'canceled') || apiError.status >= 500;

/**
 * One axios instance per browser session or per server render.
 * siteHost: the shop's hostname (location.hostname, or the rendered request's host).
 * getToken: reads the bearer token (localStorage in the browser; none on the server).
 * onRequest/onResponse: pending-request hooks for the global loading flag.
 * setToken: stores a token the BFF renewed (X-Renewed-Token header).
 * onSessionExpired: called on a 401, unless the call opted out with `skipSessionExpiry`
 *   (login, login status, logout: their failures are not an expired session).
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
      if (apiError.status === 401 && !error?.config?.skipSessionExpiry) onSessionExpired?.(apiError);
      if (isServerFailure(apiError) && onServerFailure) {
        const message = onServerFailure(apiError);
        if (message) apiError.message = message;
      }
      return Promise.reject(apiError);
    },
  );
  return http;
}

export function browserToken() {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null; // storage blocked (private mode, some in-app browsers)
  }
}

/** Store (or with null, remove) the bearer token in localStorage `Token`. */
export function storeBrowserToken(token) {
  try {
    if (token) window.localStorage.setItem(TOKEN_KEY, token);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage blocked: the session lasts as long as the page
  }
}
