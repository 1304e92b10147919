import { describe, expect, it } from 'vitest';
import { lastCountry, rememberCountry, shopCountries, startingCountry } from './homeCountry.js';

function memoryStorage() {
  const data = new Map();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => data.set(k, String(v)) };
}

describe('the country a recipient form starts on (issue 30.3)', () => {
  it('the English shop leads with New Zealand, the Chinese shop with China', () => {
    expect(shopCountries({ language: 'en' })).toEqual(['New Zealand', '中国']);
    expect(shopCountries({ language: 'zh' })).toEqual(['中国', 'New Zealand']);
    expect(startingCountry({ language: 'en' }, null, memoryStorage())).toBe('New Zealand');
    expect(startingCountry({ language: 'zh' }, null, memoryStorage())).toBe('中国');
  });

  it("a member's last used country is remembered, per member", () => {
    const storage = memoryStorage();
    rememberCountry(7, '中国', storage);
    expect(startingCountry({ language: 'en' }, 7, storage)).toBe('中国');
    expect(startingCountry({ language: 'en' }, 8, storage)).toBe('New Zealand');
    rememberCountry(7, 'New Zealand', storage);
    expect(lastCountry(7, storage)).toBe('New Zealand');
  });

  it('ignores what is not a country the shop serves, and storage that refuses', () => {
    const storage = memoryStorage();
    rememberCountry(7, 'Mars', storage);
    expect(lastCountry(7, storage)).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => rememberCountry(7, '中国', refusing)).not.toThrow();
    expect(startingCountry({ language: 'zh' }, 7, refusing)).toBe('中国');
  });
});
