import { AxiosError } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './client.js';

/** A client whose calls answer `status` with `headers`, recording what was sent. */
function clientAnswering(status, headers = {}, options = {}) {
  const sent = [];
  const http = createApiClient({ siteHost: 'shop.test', ...options });
  http.defaults.adapter = async (config) => {
    sent.push(config);
    const response = {
      status,
      statusText: '',
      headers,
      config,
      data: status < 400 ? { ok: true } : { message: 'Unauthenticated.', code: 'unauthenticated' },
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
