import { describe, expect, it } from 'vitest';
import { installedTables, languageOf, translator } from '../i18n/index.js';
import { TEXTS } from './texts.js';

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
  it('keeps the spec strings', () => {
    const t = translator('zh');
    expect(t('notFound.title')).toBe('Page not found');
    expect(t('article.notFound')).toBe('Article not found.');
    expect(t('auth.pleaseLogin')).toBe('请先登录');
    expect(t('product.warranty')).toContain('18');
  });
});

describe('each folder owns its texts (app/texts.js)', () => {
  it.each(Object.entries(TEXTS))('%s has every key in both languages, each with a text', (_, texts) => {
    expect(Object.keys(texts.en).sort()).toEqual(Object.keys(texts.zh).sort());
    for (const table of [texts.zh, texts.en]) {
      for (const text of Object.values(table)) expect(typeof text === 'string' && text !== '').toBe(true);
    }
  });
  it('no key is defined by two folders', () => {
    const owners = {};
    for (const [folder, texts] of Object.entries(TEXTS)) {
      for (const key of Object.keys(texts.zh)) (owners[key] ??= []).push(folder);
    }
    expect(Object.entries(owners).filter(([, folders]) => folders.length > 1)).toEqual([]);
  });
});
