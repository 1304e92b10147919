// The one table of every folder's texts. The app assembles it because the app
// knows every feature; the i18n core (src/i18n) knows none. Importing this
// module installs the texts, before any screen renders.
import { installTexts } from '../i18n/index.js';
import * as app from './strings.js';
import * as common from '../common/strings.js';
import * as account from '../features/account/strings.js';
import * as cart from '../features/cart/strings.js';
import * as catalog from '../features/catalog/strings.js';
import * as content from '../features/content/strings.js';
import * as favorites from '../features/favorites/strings.js';
import * as search from '../features/search/strings.js';

// What the layout and the catalogue's pages say: in every first load. The checkout's, orders',
// payment's and address book's texts come with those pages (loadShoppingTexts, ./shoppingTexts.js).
export const TEXTS = {
  app,
  common,
  account,
  cart,
  catalog,
  content,
  favorites,
  search,
};

installTexts(Object.values(TEXTS));

// Texts of folders that arrive in a lazily loaded chunk (the console's, features/admin): a
// shopper never downloads them; the chunk's loader adds them to the tables when it arrives.
const lazyTexts = {};
export function installLazyTexts(folder, texts) {
  lazyTexts[folder] = texts;
  installTexts([...Object.values(TEXTS), ...Object.values(lazyTexts)]);
}

/** Each folder of `folders` ({ folder: { zh, en } }) as installLazyTexts would. */
export function installLazyFolders(folders) {
  Object.assign(lazyTexts, folders);
  installTexts([...Object.values(TEXTS), ...Object.values(lazyTexts)]);
}

/**
 * The texts of the signed-in shopper's pages (account, checkout, orders, payment), loaded with
 * those pages' chunks before they render (app/routes.jsx); the server has them from the start.
 */
export const loadShoppingTexts = () =>
  import('./shoppingTexts.js').then((module) => installLazyFolders(module.SHOPPING_TEXTS));
