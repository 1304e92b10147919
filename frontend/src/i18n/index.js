// Translation machinery. It knows no feature: each folder keeps its own texts
// ({ zh, en } in its strings.js) and the app installs them all (app/texts.js).
// The shop's `language` picks the table: 'en' is English, anything else Chinese (SPEC section 1).
import { useSelector } from 'react-redux';

export const LANGUAGES = ['zh', 'en'];

let tables = { zh: {}, en: {} };

/** Install the texts of every folder: a list of { zh, en } tables, merged in order. */
export function installTexts(modules) {
  tables = Object.fromEntries(
    LANGUAGES.map((language) => [language, Object.assign({}, ...modules.map((m) => m[language]))]),
  );
}

/** The installed tables, { zh, en }. */
export const installedTables = () => tables;

export const languageOf = (shopInfo) => (shopInfo?.language === 'en' ? 'en' : 'zh');
export const htmlLang = (language) => (language === 'en' ? 'en' : 'zh-CN');

/** t(key, vars): the text of `key` in `language` (else Chinese, else the key), with {name} filled from vars. */
export function translator(language) {
  return (key, vars) => {
    const text = (tables[language] || tables.zh)[key] ?? tables.zh[key] ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m)) : text;
  };
}

/** The translator of the shop being shown: its settings are in the store's `shop.info`. */
export function useT() {
  const language = useSelector((state) => languageOf(state.shop.info));
  return translator(language);
}
