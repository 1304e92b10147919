/** `path` resolved against `origin`, or null when there is no path or it cannot be resolved. */
export function absoluteUrl(origin, path) {
  if (!path) return null;
  try {
    return new URL(path, origin).href;
  } catch {
    return null;
  }
}
