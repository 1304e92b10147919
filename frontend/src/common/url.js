/** `path` resolved against `origin`, or null when there is no path or it cannot be resolved. */
export function absoluteUrl(origin, path) {
  if (!path) return null;
  try {
    return new URL(path, origin).href;
  } catch {
    return null;
  }
}

export function siteOrigin(shop, requestOrigin) {
  // The shop's own site_url keeps one canonical host when a shop answers on
  // several (localhost and 127.0.0.1); without it, the host being served.
  return shop?.site_url ? shop.site_url.replace(/\/+$/, '') : requestOrigin;
}
