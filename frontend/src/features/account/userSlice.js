import { createSlice } from '@reduxjs/toolkit';

// The signed-in shopper. The server always renders as a guest; the browser
// restores the persisted user after hydration and confirms it with the BFF.
const userSlice = createSlice({
  name: 'user',
  initialState: { user: null },
  reducers: {
    userLoggedIn: (state, { payload: user }) => {
      state.user = user || null;
    },
    userLoggedOut: (state) => {
      state.user = null;
    },
  },
});

export const { userLoggedIn, userLoggedOut } = userSlice.actions;
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
export default userSlice.reducer;
