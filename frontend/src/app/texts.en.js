// The first load's texts in English (app/textLoader.js loadFirstTexts): what the layout and the
// catalogue's pages say, the folders of app/texts.js's TEXTS in this language alone.
import { en as app } from './strings.en.js';
import { en as common } from '../common/strings.en.js';
import { en as account } from '../features/account/strings.en.js';
import { en as cart } from '../features/cart/strings.en.js';
import { en as catalog } from '../features/catalog/strings.en.js';
import { en as content } from '../features/content/strings.en.js';
import { en as favorites } from '../features/favorites/strings.en.js';
import { en as search } from '../features/search/strings.en.js';

export const FOLDERS = {
  app: { en: app },
  common: { en: common },
  account: { en: account },
  cart: { en: cart },
  catalog: { en: catalog },
  content: { en: content },
  favorites: { en: favorites },
  search: { en: search },
};
