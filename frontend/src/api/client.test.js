import { AxiosError } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, lazyApiClient } from './client.js';
import { createApiClient } from './http.js';

/** A client whose calls answer `status` with `headers`, recording what was sent. */
function clientAnswering(status, headers = {}, options = {}, body = null) {
  const sent = [];
  const http = createApiClient({ siteHost: 'shop.test', ...options });
  http.defaults.adapter = async (config) => {
    sent.push(config);
    const response = {
      status,
      statusText: '',
      headers,
      config,
      data: body ?? (status < 400 ? { ok: true } : { message: 'Unauthenticated.', code: 'unauthenticated' }),
    };
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  return { http, sent };
}

describe('api client sessions', () => {
  it('sends the bearer token, the site host and credentials', async () => {
    const { http, sent } = clientAnswering(200, {}, { getToken: () => 'tok' });
    await http.get('/api/x');
    expect(sent[0].headers.Authorization).toBe('Bearer tok');
    expect(sent[0].headers['X-Site-Host']).toBe('shop.test');
    expect(sent[0].withCredentials).toBe(true);
  });

  it('stores a renewed token from a success or a failure', async () => {
    const setToken = vi.fn();
    await clientAnswering(200, { 'x-renewed-token': 'new1' }, { setToken }).http.get('/api/x');
    expect(setToken).toHaveBeenCalledWith('new1');
    await clientAnswering(404, { 'x-renewed-token': 'new2' }, { setToken })
      .http.get('/api/x')
      .catch(() => {});
    expect(setToken).toHaveBeenLastCalledWith('new2');
    await clientAnswering(200, {}, { setToken }).http.get('/api/x');
    expect(setToken).toHaveBeenCalledTimes(2);
  });

  it('reports a 401 as an expired session, unless the call opts out', async () => {
    const onSessionExpired = vi.fn();
    const { http } = clientAnswering(401, {}, { onSessionExpired });
    const error = await http.get('/api/user/product/1').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    await http.get('/api/check-login-status', { skipSessionExpiry: true }).catch(() => {});
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    await clientAnswering(400, {}, { onSessionExpired })
      .http.post('/api/auth/login')
      .catch(() => {});
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });
});

describe('api client: a 401 after the session changed', () => {
  it('is no expired session when the browser no longer holds the token the call was sent with', async () => {
    const onSessionExpired = vi.fn();
    let token = 'tok';
    const { http, sent } = clientAnswering(401, {}, { onSessionExpired, getToken: () => token });
    const answer = http.defaults.adapter;
    http.defaults.adapter = (config) => {
      token = null; // the shopper logs out while the call is on its way
      return answer(config);
    };
    const error = await http.get('/api/favorites').catch((e) => e);
    expect(sent[0].headers.Authorization).toBe('Bearer tok');
    expect(error.status).toBe(401);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('is an expired session when the token the call was sent with is still held', async () => {
    const onSessionExpired = vi.fn();
    const { http } = clientAnswering(401, {}, { onSessionExpired, getToken: () => 'tok' });
    await http.get('/api/favorites').catch(() => {});
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });
});

describe('api client server failures (SPEC section 8: HTTP 500 says Failed to connect to server)', () => {
  const failed = 'Failed to connect to server';

  it.each([500, 502, 503, 504])('turns HTTP %i into the shop text and reports it once', async (status) => {
    const onServerFailure = vi.fn(() => failed);
    const { http } = clientAnswering(status, {}, { onServerFailure }, { message: 'Internal error', code: 'internal' });
    const error = await http.get('/api/cart').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.message).toBe(failed);
    expect(onServerFailure).toHaveBeenCalledTimes(1);
  });

  it('does the same when nothing answers (network failure or time-out)', async () => {
    const onServerFailure = vi.fn(() => failed);
    const http = createApiClient({ onServerFailure });
    http.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    };
    const error = await http.get('/api/cart').catch((e) => e);
    expect([error.status, error.code, error.message]).toEqual([0, 'unreachable', failed]);
    expect(onServerFailure).toHaveBeenCalledTimes(1);
  });

  it('leaves 4xx answers and canceled calls alone', async () => {
    const onServerFailure = vi.fn(() => failed);
    for (const status of [400, 401, 404, 409, 422]) {
      const error = await clientAnswering(status, {}, { onServerFailure })
        .http.get('/api/x')
        .catch((e) => e);
      expect(error.message).toBe('Unauthenticated.');
    }
    const controller = new AbortController();
    const http = createApiClient({ onServerFailure });
    controller.abort();
    const error = await http.get('http://127.0.0.1:9/api/x', { signal: controller.signal }).catch((e) => e);
    expect(error.code).toBe('canceled');
    expect(onServerFailure).not.toHaveBeenCalled();
  });

  it('keeps its own message when no hook is given (server renders)', async () => {
    const error = await clientAnswering(500, {}, {}, { message: 'boom' })
      .http.get('/api/x')
      .catch((e) => e);
    expect(error.message).toBe('boom');
  });
});

describe('the browser client (lazyApiClient)', () => {
  it('loads axios with its first call and sends every call through one instance of the same options', async () => {
    const client = lazyApiClient({ siteHost: 'shop.test', getToken: () => 'tok' });
    const instance = await client.ready();
    expect(await client.ready()).toBe(instance);
    const sent = [];
    instance.defaults.adapter = async (config) => {
      sent.push(config);
      return { status: 200, statusText: '', headers: {}, config, data: { ok: true } };
    };
    expect((await client.get('/api/x')).data).toEqual({ ok: true });
    await client.post('/api/y', { a: 1 });
    expect(sent.map((c) => [c.method, c.url])).toEqual([
      ['get', '/api/x'],
      ['post', '/api/y'],
    ]);
    expect(sent[0].headers['X-Site-Host']).toBe('shop.test');
    expect(sent[1].headers.Authorization).toBe('Bearer tok');
  });
});
