import { describe, expect, it } from 'vitest';
import { languageOf, tables, translator } from './i18n.js';

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
