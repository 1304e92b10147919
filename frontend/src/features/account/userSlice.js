import { event } from '../../common/events.js';

// The signed-in shopper. The server always renders as a guest; the browser
// restores the persisted user after hydration and confirms it with the BFF.
export const userLoggedIn = event('user/loggedIn');
export const userLoggedOut = event('user/loggedOut');

export default function user(state = { user: null }, action) {
  if (userLoggedIn.match(action)) return { ...state, user: action.payload || null };
  if (userLoggedOut.match(action)) return { ...state, user: null };
  return state;
}

export const selectUser = (state) => state.user.user;
/** A user with a non-empty name counts as logged in (SPEC section 4). */
export const selectIsLoggedIn = (state) => Boolean(state.user.user?.name);
/** The signed-in user, or null: what the catalogue calls are priced for. */
export const selectViewer = (state) => (selectIsLoggedIn(state) ? state.user.user : null);
/**
 * True once the browser has restored persisted state (redux-persist's flag on
 * the root). Before that (and always on the server) nobody is known to be
 * signed in or out, so private screens render a neutral shell.
 */
export const selectSessionKnown = (state) => state._persist?.rehydrated === true;
