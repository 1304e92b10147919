import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { selectIsLoggedIn } from '../account/userSlice.js';
import { loginUrl } from '../account/redirect.js';
import { favoriteToggled, selectIsFavorite } from '../favorites/favoriteSlice.js';
import { itemAdded } from './cartSlice.js';

/** What a refused cart or wish-list call tells the shopper ('Unauthenticated.' means log in first). */
export function useFailureNotice() {
  const t = useT();
  const notify = useNotify();
  return (failure) => {
    if (!failure) return;
    if (failure.status === 401 || failure.message === 'Unauthenticated.') notify('info', t('auth.pleaseLogin'));
    else if (failure.code === 'sold_out') notify('info', failure.message || t('cart.soldOutNotAdded'));
    else if (failure.message && failure.status !== 0) notify('error', failure.message);
  };
}

/**
 * A guest is asked to log in and taken to the login page, which brings them back to `returnTo`
 * (the page they are on unless said otherwise) once they have signed in.
 */
export function useLoginFirst() {
  const t = useT();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  return (returnTo = location.pathname + location.search) => {
    notify('info', t('auth.pleaseLogin'));
    navigate(loginUrl(returnTo));
  };
}

/**
 * Add to cart from a card or the product page: guests go to the login page and come back to
 * `returnTo` (the product page passes its URL with the variant chosen); sold-out items are not added.
 */
export function useAddToCart() {
  const t = useT();
  const notify = useNotify();
  const dispatch = useDispatch();
  const loggedIn = useSelector(selectIsLoggedIn);
  const failed = useFailureNotice();
  const loginFirst = useLoginFirst();
  return async (product, { variant = null, quantity = 1, returnTo } = {}) => {
    if (!loggedIn) return loginFirst(returnTo);
    const stock = Number((variant || product).virtual_inventory) || 0;
    if (stock <= 0) return notify('info', t('cart.soldOutNotAdded'));
    const result = await dispatch(itemAdded({ product, variantId: variant?.id ?? null, quantity }));
    if (itemAdded.fulfilled.match(result)) notify('success', t('cart.added'));
    else failed(result.payload);
  };
}

/** The heart: [isFavorite, toggle]. A guest goes to sign in and back, as the cart icon does. */
export function useFavoriteToggle(productId) {
  const t = useT();
  const notify = useNotify();
  const dispatch = useDispatch();
  const loggedIn = useSelector(selectIsLoggedIn);
  const favorite = useSelector(selectIsFavorite(productId));
  const failed = useFailureNotice();
  const loginFirst = useLoginFirst();
  const toggle = async () => {
    if (!loggedIn) return loginFirst();
    const result = await dispatch(favoriteToggled(productId));
    if (favoriteToggled.fulfilled.match(result))
      notify('success', t(result.payload.added ? 'favorite.added' : 'favorite.removed'));
    else failed(result.payload);
  };
  return [loggedIn && favorite, toggle];
}
