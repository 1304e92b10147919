import { createSlice } from '@reduxjs/toolkit';

// Filled by the accounts issue; the server always renders as a guest.
const userSlice = createSlice({
  name: 'user',
  initialState: { user: null },
  reducers: {
    userLoggedOut: (state) => {
      state.user = null;
    },
  },
});

export const { userLoggedOut } = userSlice.actions;
export const selectUser = (state) => state.user.user;
/** A user with a non-empty name counts as logged in (SPEC section 4). */
export const selectIsLoggedIn = (state) => Boolean(state.user.user?.name);
export default userSlice.reducer;
