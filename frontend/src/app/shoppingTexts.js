// The texts of the sign-in pages and of those behind the sign-in (profile, checkout, orders, payment,
// the address book): not in a shopper's first load. app/texts.js's loadShoppingTexts installs them when such a page loads; the
// server entry installs them at once.
import * as accountPages from '../features/account/pageStrings.js';
import * as addresses from '../features/addresses/strings.js';
import * as checkout from '../features/checkout/strings.js';
import * as orders from '../features/orders/strings.js';
import * as payment from '../features/payment/strings.js';
import * as wechatSignin from '../features/wechat/signinStrings.js';

export const SHOPPING_TEXTS = { accountPages, addresses, checkout, orders, payment, wechatSignin };
