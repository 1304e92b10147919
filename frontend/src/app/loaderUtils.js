import { data, redirect } from 'react-router';
import { toApiError } from '../api/client.js';

export const STORE_NOT_FOUND_PATH = '/store-not-found';

/**
 * Turn a failed BFF call into what the router should do: unknown shop goes to
 * /store-not-found, a missing record is a 404, an unreachable BFF a 503.
 */
export function routeErrorFrom(error) {
  const e = toApiError(error);
  if (e.code === 'store_not_found') return redirect(STORE_NOT_FOUND_PATH);
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
