// Which country a recipient form starts on: the member's last used one, else the shop's own
// (the English shop is the New Zealand one; the Chinese shop's shoppers send to China).
import { useSelector } from 'react-redux';
import { CHINA, COUNTRIES, NEW_ZEALAND } from '../../common/rules/shipping.js';
import { selectShop } from '../shop/shopSlice.js';
import { selectUser } from '../account/userSlice.js';

const KEY = 'lastCountry';

/** The countries in the order the shop lists them: its own first. */
export const shopCountries = (shop) => (shop?.language === 'en' ? [NEW_ZEALAND, CHINA] : [CHINA, NEW_ZEALAND]);

const storageKey = (userId) => `${KEY}:${userId}`;

/** The country this member last ordered to (kept in this browser), or null. */
export function lastCountry(userId, storage = globalThis.localStorage) {
  if (userId == null || !storage) return null;
  try {
    const value = storage.getItem(storageKey(userId));
    return COUNTRIES.includes(value) ? value : null;
  } catch {
    return null; // storage refused (private mode): no memory, no failure
  }
}

export function rememberCountry(userId, country, storage = globalThis.localStorage) {
  if (userId == null || !storage || !COUNTRIES.includes(country)) return;
  try {
    storage.setItem(storageKey(userId), country);
  } catch {
    // storage full or refused: the shop's default serves next time
  }
}

/** The country a new recipient starts on. */
export const startingCountry = (shop, userId, storage) => lastCountry(userId, storage) || shopCountries(shop)[0];

/** The shop's countries in order, and the one a new recipient form starts on (hook form). */
export function useHomeCountry() {
  const shop = useSelector(selectShop);
  const user = useSelector(selectUser);
  return { countries: shopCountries(shop), start: startingCountry(shop, user?.id), userId: user?.id };
}
