// The texts of the pages behind the sign-in (checkout, orders, payment, the address book): not in a
// shopper's first load. app/texts.js's loadShoppingTexts installs them when such a page loads; the
// server entry installs them at once.
import * as addresses from '../features/addresses/strings.js';
import * as checkout from '../features/checkout/strings.js';
import * as orders from '../features/orders/strings.js';
import * as payment from '../features/payment/strings.js';

export const SHOPPING_TEXTS = { addresses, checkout, orders, payment };
