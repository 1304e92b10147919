// The one table of every folder's texts. The app assembles it because the app
// knows every feature; the i18n core (src/i18n) knows none. Importing this
// module installs the texts, before any screen renders.
import { installTexts } from '../i18n/index.js';
import * as app from './strings.js';
import * as common from '../common/strings.js';
import * as account from '../features/account/strings.js';
import * as addresses from '../features/addresses/strings.js';
import * as cart from '../features/cart/strings.js';
import * as catalog from '../features/catalog/strings.js';
import * as checkout from '../features/checkout/strings.js';
import * as content from '../features/content/strings.js';
import * as favorites from '../features/favorites/strings.js';
import * as orders from '../features/orders/strings.js';
import * as payment from '../features/payment/strings.js';
import * as search from '../features/search/strings.js';

export const TEXTS = {
  app,
  common,
  account,
  addresses,
  cart,
  catalog,
  checkout,
  content,
  favorites,
  orders,
  payment,
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
