import { storeBrowserToken } from '../../api/client.js';
import { login, adminLogin } from '../../api/auth.js';
import { userLoggedIn } from './userSlice.js';

// Apart from session.js (in every page's first load) because only the sign-in page logs in.

/** Log in (customer or admin): store the token, then the user. Rejects with the ApiError. */
export const loginSubmitted =
  ({ email, password, admin = false }) =>
  async (dispatch, getState, { api }) => {
    const { token, user, challenge } = await (admin ? adminLogin : login)(api, { email, password });
    if (challenge) return { challenge }; // two-factor sign-in: the code comes next (codeSubmitted)
    storeBrowserToken(token);
    dispatch(userLoggedIn(user));
    return user;
  };
