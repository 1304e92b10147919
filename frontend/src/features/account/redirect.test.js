import { describe, expect, it } from 'vitest';
import { loginPathFor, loginUrl, returnPathOf, safeRedirect } from './redirect.js';

describe('safeRedirect', () => {
  it.each([
    ['/user-profile', '/user-profile'],
    ['/order-detail/SO123?tab=1#x', '/order-detail/SO123?tab=1#x'],
    ['/product/5', '/product/5'],
  ])('follows the local path %s', (value, expected) => expect(safeRedirect(value)).toBe(expected));

  it.each([
    '//evil.example',
    '//evil.example/path',
    'https://evil.example',
    'http://evil.example/x',
    'evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' //evil.example',
    '/..//evil.example',
    '/.//evil.example',
    '/a/..//evil.example/x',
    '',
    null,
    undefined,
    42,
    '/login',
    '/login?redirect=/x',
    '/register',
    '/admin/login',
  ])('never follows %j', (value) => expect(safeRedirect(value)).toBe('/'));

  it('takes a fallback', () => expect(safeRedirect('//x', '/home')).toBe('/home'));
});

describe('login locations', () => {
  it('uses the admin login on admin paths', () => {
    expect(loginPathFor('/admin')).toBe('/admin/login');
    expect(loginPathFor('/admin/orders')).toBe('/admin/login');
    expect(loginPathFor('/administer')).toBe('/login');
    expect(loginPathFor('/order-list')).toBe('/login');
  });
  it('carries only a safe origin in the query', () => {
    expect(loginUrl('/order-detail/A1?x=1')).toBe('/login?redirect=%2Forder-detail%2FA1%3Fx%3D1');
    expect(loginUrl('/')).toBe('/login');
    expect(loginUrl('//evil.example')).toBe('/login');
    expect(loginUrl('/admin/x', '/admin/login')).toBe('/admin/login?redirect=%2Fadmin%2Fx');
  });
});

describe("returnPathOf (the header's sign-in links)", () => {
  it('returns to the page itself, with its query', () => {
    expect(returnPathOf({ pathname: '/product/5', search: '?variant=7' })).toBe('/product/5?variant=7');
    expect(loginUrl(returnPathOf({ pathname: '/product/5', search: '?variant=7' }))).toBe(
      '/login?redirect=%2Fproduct%2F5%3Fvariant%3D7',
    );
  });
  it('on a sign-in screen keeps the return path that screen carries, never the screen', () => {
    expect(returnPathOf({ pathname: '/register', search: '?redirect=%2Fproduct%2F5' })).toBe('/product/5');
    expect(returnPathOf({ pathname: '/login', search: '' })).toBe('');
    expect(returnPathOf({ pathname: '/login', search: '?redirect=//evil.example' })).toBe('');
    expect(loginUrl(returnPathOf({ pathname: '/login', search: '' }))).toBe('/login');
  });
});
