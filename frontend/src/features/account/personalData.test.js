import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store.js';
import { selectIsLoggedIn, userLoggedIn } from './userSlice.js';
import { accountDeletionConfirmed } from './personalData.js';
import { fetchPersonalData } from '../../api/account.js';

describe('the member’s own data', () => {
  it('takes the file name the BFF gives the download', async () => {
    const get = vi.fn(async () => ({
      data: { profile: { id: 1 } },
      headers: { 'content-disposition': 'attachment; filename="personal-data-zh-20261124.json"' },
    }));
    expect(await fetchPersonalData({ get })).toEqual({
      data: { profile: { id: 1 } },
      filename: 'personal-data-zh-20261124.json',
    });
    expect(get).toHaveBeenCalledWith('/api/account/data');
  });

  it('forgets the member in this browser once the BFF deleted the account', async () => {
    const post = vi.fn(async () => ({ data: { message: '您的账户已注销' } }));
    const store = createAppStore({ api: { get: vi.fn(), post } });
    store.dispatch(userLoggedIn({ id: 7, name: 'M' }));
    const answer = await store.dispatch(accountDeletionConfirmed({ password: 'secret123' }));
    expect(post).toHaveBeenCalledWith('/api/account/delete', { password: 'secret123' });
    expect(answer.message).toBe('您的账户已注销');
    expect(selectIsLoggedIn(store.getState())).toBe(false);
  });

  it('keeps the member signed in when the BFF refuses (wrong password)', async () => {
    const refusal = Object.assign(new Error('密码不正确'), { status: 422 });
    const store = createAppStore({ api: { get: vi.fn(), post: vi.fn().mockRejectedValue(refusal) } });
    store.dispatch(userLoggedIn({ id: 7, name: 'M' }));
    await expect(store.dispatch(accountDeletionConfirmed({ password: 'nope' }))).rejects.toBe(refusal);
    expect(selectIsLoggedIn(store.getState())).toBe(true);
  });
});
