import { userLoggedIn } from '../account/userSlice.js';
import { cartFetched } from './cartSlice.js';
import { favoritesFetched } from '../favorites/favoriteSlice.js';

/**
 * Signed in (login, or the session confirmed after a reload): load the cart and the hearts (SPEC
 * section 4). A middleware: the effect runs once the reducers have taken the event.
 */
export const shoppingListeners =
  ({ dispatch }) =>
  (next) =>
  (action) => {
    const result = next(action);
    if (userLoggedIn.match(action) && action.payload?.name) {
      dispatch(cartFetched());
      dispatch(favoritesFetched());
    }
    return result;
  };
