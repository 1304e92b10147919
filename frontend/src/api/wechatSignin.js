import { PATHS } from './paths.js';

const SIGNIN = `${PATHS.wechat}/signin`;
const BINDING = `${PATHS.wechat}/binding`;

// Sign in with WeChat (docs/api.md, "Sign in with WeChat"): the BFF answers WeChat's page to go
// to, and binds its state to this browser with a cookie; back from WeChat, `finish` signs in.

/** { official, website }: which ways of signing in with WeChat the shop offers. */
export async function wechatSigninOptions(http) {
  const { data } = await http.get(`${SIGNIN}/options`);
  return data;
}

/** WeChat's authorisation (official, inside WeChat) or QR login (website) page to go to. */
export async function startWechatSignin(http, { mode, purpose = 'sign_in', redirect = '/' }) {
  const { data } = await http.post(`${SIGNIN}/start`, { mode, purpose, redirect });
  return data.url;
}

/** { status, redirect, data?, ticket?, nickname?, url?, message? } (status signed_in, bound, new, retry). */
export async function finishWechatSignin(http, { code, state }) {
  const { data } = await http.post(`${SIGNIN}/finish`, { code, state }, { skipSessionExpiry: true });
  return data;
}

export async function registerWithWechat(http, { ticket }) {
  const { data } = await http.post(`${SIGNIN}/register`, { ticket }, { skipSessionExpiry: true });
  return { token: data.data.token, user: data.data.user };
}

export async function bindExistingWithWechat(http, { ticket, email, password }) {
  const { data } = await http.post(`${SIGNIN}/bind-existing`, { ticket, email, password }, { skipSessionExpiry: true });
  return { token: data.data.token, user: data.data.user };
}

/** { bound, can_unbind } of the signed-in member. */
export async function fetchWechatBinding(http) {
  const { data } = await http.get(BINDING);
  return data;
}

export async function unbindWechat(http) {
  const { data } = await http.delete(BINDING);
  return data;
}
