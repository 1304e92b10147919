// Installing texts as they arrive, without naming any of them: the browser's first load carries
// no text table (issue 27). Before hydrating, the client entry loads the first-load texts of the
// shop's language alone (texts.zh.js or texts.en.js, which the SSR preloads: FIRST_TEXTS); the
// signed-in pages' texts come with those pages, the console's with its chunk. The server and the
// tests install every folder in both languages at once (texts.js).
import { installTexts } from '../i18n/index.js';

// folder -> { zh?, en? }: what has arrived so far, merged in arrival order.
const folders = {};

/** Install `more` ({ folder: { zh?, en? } }) beside what is installed. */
export function installLazyFolders(more) {
  for (const [folder, texts] of Object.entries(more)) folders[folder] = { ...folders[folder], ...texts };
  installTexts(Object.values(folders));
}

export const installLazyTexts = (folder, texts) => installLazyFolders({ [folder]: texts });

/** The modules of the first-load texts per language: Vite's manifest keys, for the SSR's modulepreload. */
export const FIRST_TEXTS = { zh: 'src/app/texts.zh.js', en: 'src/app/texts.en.js' };

/** The first-load texts of `language` ('zh' or 'en'), installed. */
export const loadFirstTexts = (language) =>
  (language === 'en' ? import('./texts.en.js') : import('./texts.zh.js')).then((m) => installLazyFolders(m.FOLDERS));

/**
 * The texts of the signed-in shopper's pages (account, checkout, orders, payment), loaded with
 * those pages' chunks before they render (app/routes.jsx); the server has them from the start.
 */
export const loadShoppingTexts = () =>
  import('./shoppingTexts.js').then((module) => installLazyFolders(module.SHOPPING_TEXTS));
