import { describe, expect, it } from 'vitest';
import { installTexts, translator } from '../../i18n/index.js';
import * as texts from './strings.js';
import * as pageTexts from './pageStrings.js';
import {
  isEmail,
  passwordsMismatch,
  validateForgotPassword,
  validateLogin,
  validateRegister,
  validateResetPassword,
} from './validators.js';

installTexts([texts, pageTexts]);

const zh = translator('zh');
const en = translator('en');
const goodRegister = {
  name: '王小明',
  email: 'wang@example.com',
  password: 'abc12345',
  password_confirmation: 'abc12345',
  acceptTerms: true,
};

describe('email', () => {
  it.each(['a@b.co', ' a.b+c@example.com ', 'x@sub.example.nz'])('accepts %s', (v) => expect(isEmail(v)).toBe(true));
  it.each(['', 'a', 'a@b', 'a b@c.com', '@b.com', 'a@.', null, undefined])('rejects %s', (v) =>
    expect(isEmail(v)).toBe(false),
  );
});

describe('login (SPEC section 5)', () => {
  it('requires the email, then a valid one', () => {
    expect(validateLogin({ email: '', password: 'x' }, zh)).toEqual({ email: '请输入电子邮件地址' });
    expect(validateLogin({ email: '   ', password: 'x' }, zh)).toEqual({ email: '请输入电子邮件地址' });
    expect(validateLogin({ email: 'nope', password: 'x' }, zh)).toEqual({ email: '请输入有效的电子邮件地址' });
  });
  it('requires the password, with no length rule', () => {
    expect(validateLogin({ email: 'a@b.co', password: '' }, zh)).toEqual({ password: '请输入密码' });
    expect(validateLogin({ email: 'a@b.co', password: 'x' }, zh)).toEqual({});
  });
  it('reports every failing field at once', () => {
    expect(Object.keys(validateLogin({ email: '', password: '' }, zh))).toEqual(['email', 'password']);
  });
  it('speaks English on an en shop', () => {
    expect(validateLogin({ email: '', password: '' }, en)).toEqual({
      email: 'Please enter your email address',
      password: 'Please enter your password',
    });
  });
});

describe('forgot password', () => {
  it('has its own texts', () => {
    expect(validateForgotPassword({ email: '' }, zh)).toEqual({ email: '需要填写邮箱地址' });
    expect(validateForgotPassword({ email: 'a@' }, zh)).toEqual({ email: '无效的邮箱地址' });
    expect(validateForgotPassword({ email: 'a@b.co' }, zh)).toEqual({});
  });
});

describe('register', () => {
  it('accepts a good form', () => expect(validateRegister(goodRegister, zh)).toEqual({}));
  it('requires the name and a valid email', () => {
    expect(validateRegister({ ...goodRegister, name: ' ' }, zh)).toEqual({ name: '请输入姓名' });
    expect(validateRegister({ ...goodRegister, email: '' }, zh)).toEqual({ email: '请输入电子邮件地址' });
    expect(validateRegister({ ...goodRegister, email: 'x@y' }, zh)).toEqual({ email: '请输入有效的电子邮件地址' });
  });
  it('bounds the password to 8..20 characters before the strength rule', () => {
    const pw = (password) =>
      validateRegister({ ...goodRegister, password, password_confirmation: password }, zh).password;
    expect(pw('')).toBe('请输入密码');
    expect(pw('abc1234')).toBe('密码至少需要8个字符');
    expect(pw('abc12345')).toBeUndefined();
    expect(pw('a'.repeat(20))).toBeUndefined();
    expect(pw('a'.repeat(21))).toBe('密码最多只能有20个字符');
    expect(pw('abc 12345')).toBe('请创建一个更强的密码');
    expect(pw('abc12345!')).toBe('请创建一个更强的密码');
    expect(pw('密码密码密码密码')).toBe('请创建一个更强的密码');
  });
  it('wants the confirmation equal to the password', () => {
    expect(validateRegister({ ...goodRegister, password_confirmation: '' }, zh)).toEqual({
      password_confirmation: '请再次输入密码',
    });
    expect(validateRegister({ ...goodRegister, password_confirmation: 'abc12346' }, zh)).toEqual({
      password_confirmation: '两次输入的密码不一致',
    });
  });
  it('needs the terms accepted (true, not truthy)', () => {
    expect(validateRegister({ ...goodRegister, acceptTerms: false }, zh)).toEqual({
      acceptTerms: '您必须接受服务条款和隐私政策',
    });
    expect(validateRegister({ ...goodRegister, acceptTerms: 'on' }, zh)).toEqual({
      acceptTerms: '您必须接受服务条款和隐私政策',
    });
  });
});

describe('reset password', () => {
  it('uses the password rules and the mismatch check', () => {
    expect(validateResetPassword({ password: 'abc12345', password_confirmation: 'abc12345' }, zh)).toEqual({});
    expect(validateResetPassword({ password: 'short1', password_confirmation: 'short1' }, zh)).toEqual({
      password: '密码至少需要8个字符',
    });
    expect(validateResetPassword({ password: 'abc12345', password_confirmation: 'abc12399' }, zh)).toEqual({
      password_confirmation: '两次输入的密码不一致',
    });
  });
  it('raises the alert only for two filled, different passwords', () => {
    expect(passwordsMismatch({ password: 'abc12345', password_confirmation: 'abc12399' })).toBe(true);
    expect(passwordsMismatch({ password: 'abc12345', password_confirmation: '' })).toBe(false);
    expect(passwordsMismatch({ password: 'abc12345', password_confirmation: 'abc12345' })).toBe(false);
    expect(zh('auth.resetMismatch')).toBe('密码和确认密码不匹配！');
  });
});
