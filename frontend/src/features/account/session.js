import { browserToken, storeBrowserToken } from '../../api/client.js';
import { cartCleared } from '../cart/cartSlice.js';
import { favoritesCleared } from '../favorites/favoriteSlice.js';
import { selectIsLoggedIn, userLoggedIn, userLoggedOut } from './userSlice.js';

// Logging in is login.js's, the sign-in page's own chunk. The accounts calls arrive with the first of them (after hydration, the session check), not in
// the first load (issue 27).
const accounts = () => import('../../api/auth.js');

// Session flows of SPEC section 4, as thunks (the axios client arrives as `api`).
// The token lives in localStorage `Token`; the HttpOnly renewal cookie is the BFF's.
// Cart and favourites listen for `user/loggedIn` to load themselves (cart issue).

/** Forget the shopper in this browser: token, user, cart and favourites. */
export const sessionEnded = () => (dispatch) => {
  storeBrowserToken(null);
  dispatch(userLoggedOut());
  dispatch(cartCleared());
  dispatch(favoritesCleared());
};

/** Log out on the server (best effort: the session is forgotten here either way). */
export const logoutRequested =
  () =>
  async (dispatch, getState, { api }) => {
    try {
      await (await accounts()).logout(api);
    } finally {
      dispatch(sessionEnded());
    }
  };

/**
 * Ask the BFF who this browser is. Returns { isLoggedIn, stale } where stale
 * means the browser believed it was signed in but the session is gone.
 * A failed call (BFF down) changes nothing, and neither does a "not signed in" about a token
 * this browser no longer holds: a sign-in that landed while the check was on its way (the
 * WeChat sign-in page finishes as the first check after hydration runs) keeps its token.
 */
export const sessionChecked =
  () =>
  async (dispatch, getState, { api }) => {
    const believed = selectIsLoggedIn(getState());
    const sentWith = browserToken();
    let status;
    try {
      status = await (await accounts()).checkLoginStatus(api);
    } catch {
      return { isLoggedIn: believed, stale: false, failed: true };
    }
    if (!status.isLoggedIn && browserToken() !== sentWith) {
      return { isLoggedIn: selectIsLoggedIn(getState()), stale: false };
    }
    if (status.isLoggedIn && status.user?.name) {
      dispatch(userLoggedIn(status.user));
      return { isLoggedIn: true, stale: false };
    }
    if (believed) dispatch(sessionEnded());
    else storeBrowserToken(null);
    return { isLoggedIn: false, stale: believed };
  };
