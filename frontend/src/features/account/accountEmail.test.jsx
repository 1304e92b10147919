import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store.js';
import { installLazyTexts } from '../../app/texts.js';
import { translator } from '../../i18n/index.js';
import { addEmail, deleteAccount, fetchConfirmation } from '../../api/account.js';
import { AddEmailView } from './AddEmailPanel.jsx';
import { WechatDeletion } from './PersonalDataPanel.jsx';
import * as pageStrings from './pageStrings.js';
import { confirmationRequested, emailAdded, isConfirmed } from './personalData.js';
import { selectUser, userLoggedIn } from './userSlice.js';
import { validateAddEmail } from './validators.js';

installLazyTexts('accountPages', pageStrings);
const zh = translator('zh');
const en = translator('en');
const html = (node) => renderToString(<Provider store={createAppStore()}>{node}</Provider>);
const FRESH = { method: 'wechat', confirmed_until: '2026-11-27T02:10:00+00:00' };
const STALE = { method: 'wechat', confirmed_until: null };

describe('a member who signed up with WeChat adds an email', () => {
  it('sends the address alone, or with the password and its confirmation', async () => {
    const put = vi.fn(async () => ({ data: { message: 'ok' } }));
    await addEmail({ put }, { email: 'a@b.co', password: '', password_confirmation: 'x' });
    expect(put).toHaveBeenLastCalledWith('/api/account/email', { email: 'a@b.co' });
    await addEmail({ put }, { email: 'a@b.co', password: 'kiwi2026x', password_confirmation: 'kiwi2026x' });
    expect(put).toHaveBeenLastCalledWith('/api/account/email', {
      email: 'a@b.co',
      password: 'kiwi2026x',
      password_confirmation: 'kiwi2026x',
    });
  });

  it('shows the new address on the member here once the BFF took it', async () => {
    const user = { id: 7, name: '微信小蜜蜂', email: 'bee@example.com' };
    const put = vi.fn(async () => ({ data: { message: '电子邮件地址已添加', data: { user } } }));
    const store = createAppStore({ api: { get: vi.fn(async () => ({ data: {} })), post: vi.fn(), put } });
    store.dispatch(userLoggedIn({ id: 7, name: '微信小蜜蜂', email: null }));
    const answer = await store.dispatch(emailAdded({ email: 'bee@example.com', password: '' }));
    expect(answer.message).toBe('电子邮件地址已添加');
    expect(selectUser(store.getState()).email).toBe('bee@example.com');
  });

  it('keeps the member as they were when the BFF refuses', async () => {
    const refusal = Object.assign(new Error('该电子邮件地址已被注册'), { status: 422, code: 'email_taken' });
    const store = createAppStore({ api: { get: vi.fn(), post: vi.fn(), put: vi.fn().mockRejectedValue(refusal) } });
    store.dispatch(userLoggedIn({ id: 7, name: 'M', email: null }));
    await expect(store.dispatch(emailAdded({ email: 'taken@example.com' }))).rejects.toBe(refusal);
    expect(selectUser(store.getState()).email).toBe(null);
  });

  it('checks the address, and a password only when one is typed', () => {
    expect(validateAddEmail({ email: 'bee@example.com', password: '' }, zh)).toEqual({});
    expect(validateAddEmail({ email: '' }, zh)).toEqual({ email: '请输入电子邮件地址' });
    expect(validateAddEmail({ email: 'bee' }, zh)).toEqual({ email: '请输入有效的电子邮件地址' });
    expect(validateAddEmail({ email: 'a@b.co', password: 'short' }, zh)).toEqual({
      password: '密码至少需要8个字符',
      password_confirmation: '请再次输入密码',
    });
    expect(
      validateAddEmail({ email: 'a@b.co', password: 'kiwi2026x', password_confirmation: 'kiwi2026y' }, zh),
    ).toEqual({ password_confirmation: '两次输入的密码不一致' });
    expect(
      validateAddEmail({ email: 'a@b.co', password: 'kiwi2026x', password_confirmation: 'kiwi2026x' }, zh),
    ).toEqual({});
  });

  it('offers the form after a fresh WeChat sign-in, else the WeChat sign-in first', () => {
    const fresh = html(<AddEmailView confirmation={FRESH} />);
    expect(fresh).toContain('data-testid="add-email-form"');
    expect(fresh).toContain(zh('addEmail.passwordHint'));
    expect(fresh).not.toContain('add-email-confirm');
    const stale = html(<AddEmailView confirmation={STALE} />);
    expect(stale).toContain('data-testid="add-email-confirm"');
    expect(stale).toContain(zh('addEmail.confirmFirst'));
    expect(stale).not.toContain('add-email-form');
    expect(html(<AddEmailView confirmation={null} />)).toBe('');
  });

  it('has every text in Chinese and English', () => {
    for (const key of Object.keys(pageStrings.zh).filter((k) => /^(addEmail|account\.wechat|myData\.wechat)/.test(k))) {
      expect(pageStrings.en[key], key).toBeTruthy();
      expect(zh(key)).not.toBe(en(key));
    }
  });
});

describe('a member without a password deletes the account after a fresh WeChat sign-in', () => {
  it('asks the BFF how to confirm, and falls back to the password when it cannot tell', async () => {
    const get = vi.fn(async () => ({ data: FRESH }));
    expect(await fetchConfirmation({ get })).toEqual(FRESH);
    expect(get).toHaveBeenCalledWith('/api/account/confirmation');
    const store = createAppStore({ api: { get: vi.fn().mockRejectedValue(new Error('down')), post: vi.fn() } });
    expect(await store.dispatch(confirmationRequested())).toEqual({ method: 'password', confirmed_until: null });
  });

  it('counts a password member or a fresh WeChat sign-in as confirmed, not a stale one', () => {
    expect(isConfirmed({ method: 'password', confirmed_until: null })).toBe(true);
    expect(isConfirmed(FRESH)).toBe(true);
    expect(isConfirmed(STALE)).toBe(false);
    expect(isConfirmed(null)).toBe(false);
  });

  it('deletes without a password once WeChat confirmed, else offers the WeChat sign-in', async () => {
    const post = vi.fn(async () => ({ data: { message: '您的账户已注销' } }));
    await deleteAccount({ post }, { password: '' });
    expect(post).toHaveBeenCalledWith('/api/account/delete', { password: '' });
    const confirmed = html(<WechatDeletion confirmed onConfirm={() => {}} onCancel={() => {}} />);
    expect(confirmed).toContain('data-testid="delete-account-confirm"');
    expect(confirmed).toContain(zh('myData.wechatConfirmed'));
    expect(confirmed).not.toContain('type="password"');
    const stale = html(
      <WechatDeletion confirmed={false} error="请重新用微信登录" onConfirm={() => {}} onCancel={() => {}} />,
    );
    expect(stale).not.toContain('delete-account-confirm');
    expect(stale).toContain(zh('myData.wechatConfirm'));
    expect(stale).toContain('请重新用微信登录');
  });
});
