// Axios-free, so a shopper's first load does not carry axios: the browser's client (lazyApiClient
// below) loads it (./http.js) on its first call; the first render hydrates from the server's data.
import { TOKEN_KEY } from './paths.js';

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
  // axios.isCancel, without importing axios: its CanceledError carries __CANCEL__.
  if (error?.__CANCEL__) return new ApiError('Canceled', { status: 0, code: 'canceled' });
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

const METHODS = ['get', 'delete', 'head', 'options', 'post', 'put', 'patch'];

/**
 * The browser's API client: the axios instance of ./http.js (createApiClient, same options),
 * created on the first call, which imports axios then. Calls made before it arrives wait for it.
 * `ready()` resolves to the instance (to start the download early, once the page is hydrated).
 */
export function lazyApiClient(options) {
  let instance = null;
  const ready = () => {
    if (!instance) instance = import('./http.js').then((module) => module.createApiClient(options));
    return instance;
  };
  const client = { ready };
  for (const method of METHODS) client[method] = async (...args) => (await ready())[method](...args);
  return client;
}
