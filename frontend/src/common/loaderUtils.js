import { data } from 'react-router';
import { toApiError } from '../api/client.js';

export const STORE_NOT_FOUND_PATH = '/store-not-found';

export const STORE_NOT_FOUND = 'store_not_found';

/**
 * Turn a failed BFF call into what the router should do: an unknown shop is a 404 on the
 * requested path (its page says no shop answers here; a redirect to a page answering 200 told
 * crawlers the address was fine), a missing record is a 404, an unreachable BFF a 503.
 */
export function routeErrorFrom(error) {
  const e = toApiError(error);
  if (e.code === STORE_NOT_FOUND) return data({ code: STORE_NOT_FOUND }, { status: 404 });
  if (e.status === 0 || e.status >= 500) return data({ code: 'unavailable' }, { status: 503 });
  if (e.status === 404 || e.status === 422) return data({ code: e.code || 'not_found' }, { status: 404 });
  return data({ code: e.code || 'error', message: e.message }, { status: e.status || 500 });
}

/** Run a loader body, mapping BFF failures to router responses. */
export async function guard(fn) {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response || error?.type === 'DataWithResponseInit') throw error;
    throw routeErrorFrom(error);
  }
}

export const notFound = () => data({ code: 'not_found' }, { status: 404 });

export function listQuery(request) {
  const url = new URL(request.url);
  return {
    sort: url.searchParams.get('sort') || '',
    page: url.searchParams.get('page') || '1',
    q: url.searchParams.get('q') || '',
  };
}
