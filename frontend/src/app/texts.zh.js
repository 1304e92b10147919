// The first load's texts in Chinese (app/textLoader.js loadFirstTexts): what the layout and the
// catalogue's pages say, the folders of app/texts.js's TEXTS in this language alone.
import { zh as app } from './strings.zh.js';
import { zh as common } from '../common/strings.zh.js';
import { zh as account } from '../features/account/strings.zh.js';
import { zh as cart } from '../features/cart/strings.zh.js';
import { zh as catalog } from '../features/catalog/strings.zh.js';
import { zh as content } from '../features/content/strings.zh.js';
import { zh as favorites } from '../features/favorites/strings.zh.js';
import { zh as search } from '../features/search/strings.zh.js';

export const FOLDERS = {
  app: { zh: app },
  common: { zh: common },
  account: { zh: account },
  cart: { zh: cart },
  catalog: { zh: catalog },
  content: { zh: content },
  favorites: { zh: favorites },
  search: { zh: search },
};
