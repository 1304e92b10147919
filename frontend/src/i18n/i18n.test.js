import { describe, expect, it } from 'vitest';
import { htmlLang, installedTables, installTexts, translator } from './index.js';

describe('i18n core', () => {
  installTexts([
    { zh: { 'a.one': '一', 'a.hello': '你好，{name}' }, en: { 'a.one': 'one', 'a.hello': 'Hello, {name}' } },
    { zh: { 'b.only': '只有中文' }, en: {} },
  ]);
  it('merges the installed folders', () => {
    expect(Object.keys(installedTables().zh)).toEqual(['a.one', 'a.hello', 'b.only']);
  });
  it('falls back to Chinese, then to the key', () => {
    expect(translator('en')('a.one')).toBe('one');
    expect(translator('en')('b.only')).toBe('只有中文');
    expect(translator('fr')('a.one')).toBe('一');
    expect(translator('en')('missing.key')).toBe('missing.key');
  });
  it('leaves unknown variables as written', () => {
    expect(translator('en')('a.hello', { name: 'Amy' })).toBe('Hello, Amy');
    expect(translator('en')('a.hello', {})).toBe('Hello, {name}');
  });
  it('names the html language', () => {
    expect(htmlLang('en')).toBe('en');
    expect(htmlLang('zh')).toBe('zh-CN');
  });
});
