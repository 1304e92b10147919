// Where to go after signing in. Only a path on this site is followed: anything
// that could leave it (//host, /\host, a scheme, control characters) falls back to '/'.

export const REDIRECT_PARAM = 'redirect';
export const ADMIN_LOGIN_PATH = '/admin/login';
/** Where the console starts (an admin's landing after signing in). */
export const ADMIN_HOME = '/admin';
const AUTH_PAGES = ['/login', '/register', '/forgot-password', '/reset-password', ADMIN_LOGIN_PATH];

const hasControlOrBackslash = (value) =>
  [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\u007f' || ch === '\\');

export function safeRedirect(value, fallback = '/') {
  if (typeof value !== 'string' || value === '') return fallback;
  // Browsers strip tabs and newlines from URLs and read '\' as '/': judge what they would.
  if (hasControlOrBackslash(value)) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  let url;
  try {
    url = new URL(value, 'http://same.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://same.invalid') return fallback;
  // Dot segments can normalise into '//host' ('/..//evil.example'): judge the result too.
  if (url.pathname.startsWith('//')) return fallback;
  // Going back to a sign-in screen after signing in would loop.
  if (AUTH_PAGES.includes(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

/** The login page to send someone to from `location` (admin paths use the admin login). */
export function loginPathFor(pathname) {
  return pathname === ADMIN_HOME || pathname.startsWith(`${ADMIN_HOME}/`) ? ADMIN_LOGIN_PATH : '/login';
}

/** /login?redirect=<where they were>, or plain /login when there is nothing worth returning to. */
export function loginUrl(from, loginPath = '/login') {
  const target = safeRedirect(from, '');
  return target && target !== '/' ? `${loginPath}?${REDIRECT_PARAM}=${encodeURIComponent(target)}` : loginPath;
}

/**
 * The page a sign-in link should bring the shopper back to from `location`: the page itself, or,
 * on a sign-in screen, the return path that screen already carries.
 */
export function returnPathOf({ pathname, search = '' }) {
  if (AUTH_PAGES.includes(pathname)) return safeRedirect(new URLSearchParams(search).get(REDIRECT_PARAM), '');
  return pathname + search;
}
