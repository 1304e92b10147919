import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { installedTables, languageOf, translator } from '../i18n/index.js';
import { installLazyFolders, installLazyTexts, TEXTS } from './texts.js';
import { SHOPPING_TEXTS } from './shoppingTexts.js';
import * as admin from '../features/admin/strings.js';
import * as adminOrders from '../features/admin/orders/strings.js';
import * as adminCustomers from '../features/admin/customers/strings.js';

// The console's texts arrive with its chunk, the signed-in pages' with theirs; here they are
// installed as their loaders would.
const FOLDERS = { ...TEXTS, ...SHOPPING_TEXTS, admin, adminOrders, adminCustomers };
installLazyFolders(SHOPPING_TEXTS);
installLazyTexts('admin', admin);
installLazyTexts('adminOrders', adminOrders);
installLazyTexts('adminCustomers', adminCustomers);

describe('translations', () => {
  it('picks English only for language en', () => {
    expect(languageOf({ language: 'en' })).toBe('en');
    expect(languageOf({ language: 'zh' })).toBe('zh');
    expect(languageOf({ language: 'fr' })).toBe('zh');
    expect(languageOf(undefined)).toBe('zh');
  });
  it('fills variables', () => {
    expect(translator('zh')('auth.greeting', { name: '王' })).toBe('您好，王');
    expect(translator('en')('stock.onlyLeft', { n: 3 })).toBe('Only 3 Left');
  });
  it('both tables have the same keys', () => {
    const tables = installedTables();
    expect(Object.keys(tables.en).sort()).toEqual(Object.keys(tables.zh).sort());
  });
  it('keeps the spec strings: English as SPEC words them, Chinese twins for the Chinese shop', () => {
    const en = translator('en');
    expect(en('notFound.title')).toBe('Page not found');
    expect(en('article.notFound')).toBe('Article not found.');
    expect(en('account.welcome')).toBe('Welcome to your Account');
    expect(en('stock.inStock')).toBe('In Stock');
    const t = translator('zh');
    expect(t('notFound.title')).toBe('页面不存在');
    expect(t('article.notFound')).toBe('文章不存在。');
    expect(t('account.welcome')).toBe('欢迎来到您的账户');
    expect(t('stock.inStock')).toBe('现货充足');
    expect(t('stock.onlyLeft', { n: 3 })).toBe('仅剩 3 件');
    expect(t('auth.pleaseLogin')).toBe('请先登录');
    expect(t('product.warranty')).toContain('18');
  });
});

describe('each folder owns its texts (app/texts.js)', () => {
  it.each(Object.entries(FOLDERS))('%s has every key in both languages, each with a text', (_, texts) => {
    expect(Object.keys(texts.en).sort()).toEqual(Object.keys(texts.zh).sort());
    for (const table of [texts.zh, texts.en]) {
      for (const text of Object.values(table)) expect(typeof text === 'string' && text !== '').toBe(true);
    }
  });
  it('no key is defined by two folders', () => {
    const owners = {};
    for (const [folder, texts] of Object.entries(FOLDERS)) {
      for (const key of Object.keys(texts.zh)) (owners[key] ??= []).push(folder);
    }
    expect(Object.entries(owners).filter(([, folders]) => folders.length > 1)).toEqual([]);
  });
});

describe('every text is used', () => {
  // A key counts as used where a module names it in quotes, or builds it from
  // its prefix in a template (`order.status.${status}`).
  const src = fileURLToPath(new URL('..', import.meta.url));
  const modules = fs
    .readdirSync(src, { recursive: true })
    .filter((file) => /\.jsx?$/.test(file) && !/(^|\/)strings(\.zh|\.en)?\.js$|\.test\.jsx?$/.test(file))
    .map((file) => fs.readFileSync(path.join(src, file), 'utf8'));
  const quoted = new Set(modules.flatMap((text) => [...text.matchAll(/['"`]([\w.-]+)['"`]/g)].map((m) => m[1])));
  const prefixes = new Set(modules.flatMap((text) => [...text.matchAll(/`([\w.-]+\.)\$\{/g)].map((m) => m[1])));
  const used = (key) => quoted.has(key) || prefixes.has(key.slice(0, key.lastIndexOf('.') + 1));

  it('no folder keeps a key that no module uses', () => {
    expect(Object.keys(installedTables().zh).filter((key) => !used(key))).toEqual([]);
  });
});
