import { PATHS } from './paths.js';

// Accounts calls of SPEC section 7 (docs/api.md). Bodies go as JSON, which the BFF
// reads like a form; each function answers the fields the screens need.

export async function login(http, { email, password }) {
  const { data } = await http.post(`${PATHS.auth}/login`, { email, password }, { skipSessionExpiry: true });
  return { token: data.data.token, user: data.data.user };
}

/**
 * The console's sign-in: { token, user }, or, for an account with two-factor sign-in on,
 * { challenge } to send with a code to adminLoginCode (the password alone opens no session).
 */
export async function adminLogin(http, { email, password }) {
  const { data } = await http.post(PATHS.adminLogin, { email, password }, { skipSessionExpiry: true });
  if (data.data.two_factor_required) return { challenge: data.data.challenge };
  return { token: data.data.token, user: data.data.user };
}

/** The second step: the challenge and a code from the authenticator app (or a recovery code). */
export async function adminLoginCode(http, { challenge, code }) {
  const { data } = await http.post(`${PATHS.adminLogin}/two-factor`, { challenge, code }, { skipSessionExpiry: true });
  return { token: data.data.token, user: data.data.user };
}

export async function register(http, { name, email, password, password_confirmation, acceptTerms }) {
  const { data } = await http.post(`${PATHS.auth}/register`, {
    name,
    email,
    password,
    password_confirmation,
    acceptTerms,
  });
  return data;
}

export async function requestPasswordReset(http, { email }) {
  const { data } = await http.post(`${PATHS.auth}/password/reset-request`, { email });
  return data;
}

export async function resetPassword(http, { email, token, password, password_confirmation }) {
  const { data } = await http.post(
    `${PATHS.auth}/password/reset`,
    { email, token, password, password_confirmation },
    { skipSessionExpiry: true },
  );
  return data;
}

/** { isLoggedIn, user }; never a 401 (a missing or dead token just says logged out). */
export async function checkLoginStatus(http) {
  const { data } = await http.get(PATHS.loginStatus, { skipSessionExpiry: true });
  return { isLoggedIn: Boolean(data.data?.isLoggedIn), user: data.data?.user || null };
}

export async function logout(http) {
  const { data } = await http.post(PATHS.logout, null, { skipSessionExpiry: true });
  return data;
}
