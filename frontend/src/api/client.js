import axios from 'axios';
import { REQUEST_TIMEOUT_MS, TOKEN_KEY } from './paths.js';

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
  const res = error?.response;
  if (!res) return new ApiError(error?.message || 'Network error', { status: 0, code: 'unreachable' });
  const body = res.data && typeof res.data === 'object' ? res.data : {};
  return new ApiError(body.message || `HTTP ${res.status}`, {
    status: res.status,
    code: body.code || null,
    data: body,
  });
}

/**
 * One axios instance per browser session or per server render.
 * siteHost: the shop's hostname (location.hostname, or the rendered request's host).
 * getToken: reads the bearer token (localStorage in the browser; none on the server).
 * onRequest/onResponse: pending-request hooks for the global loading flag.
 */
export function createApiClient({ baseURL = '', siteHost, getToken = () => null, onRequest, onResponse, httpAgent } = {}) {
  const http = axios.create({ baseURL, timeout: REQUEST_TIMEOUT_MS, ...(httpAgent ? { httpAgent } : {}) });
  http.interceptors.request.use((config) => {
    if (siteHost) config.headers['X-Site-Host'] = siteHost;
    const token = getToken();
    if (token) config.headers.Authorization = `Bearer ${token}`;
    onRequest?.();
    return config;
  });
  http.interceptors.response.use(
    (response) => {
      onResponse?.();
      return response;
    },
    (error) => {
      onResponse?.();
      return Promise.reject(toApiError(error));
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
