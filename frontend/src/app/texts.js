// The one table of every folder's texts, in both languages: the server's and the tests'. The app
// assembles it because the app knows every feature; the i18n core (src/i18n) knows none.
// Importing this module installs the texts, before any screen renders. The browser never imports
// it: it loads its shop's language alone (textLoader.js, texts.zh.js, texts.en.js).
import { installLazyFolders } from './textLoader.js';
import * as app from './strings.js';
import * as common from '../common/strings.js';
import * as account from '../features/account/strings.js';
import * as cart from '../features/cart/strings.js';
import * as catalog from '../features/catalog/strings.js';
import * as content from '../features/content/strings.js';
import * as favorites from '../features/favorites/strings.js';
import * as search from '../features/search/strings.js';

// What the layout and the catalogue's pages say: in every first load (texts.zh.js and texts.en.js
// name the same folders). The checkout's, orders', payment's and address book's texts come with
// those pages (loadShoppingTexts, ./shoppingTexts.js).
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

installLazyFolders(TEXTS);

export { installLazyFolders, installLazyTexts, loadShoppingTexts } from './textLoader.js';
