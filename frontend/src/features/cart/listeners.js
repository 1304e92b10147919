import { userLoggedIn } from '../account/userSlice.js';
import { cartFetched } from './cartSlice.js';
import { favoritesFetched } from '../favorites/favoriteSlice.js';

/** Signed in (login, or the session confirmed after a reload): load the cart and the hearts (SPEC section 4). */
export function startShoppingListeners(startListening) {
  startListening({
    actionCreator: userLoggedIn,
    effect: async (action, { dispatch }) => {
      if (!action.payload?.name) return;
      await Promise.all([dispatch(cartFetched()), dispatch(favoritesFetched())]);
    },
  });
}
