import { PATHS } from './paths.js';

// The member's own data (docs/api.md, "The member's data"): download it all, delete the account.

/** { data, filename }: everything the shop holds about the member, and the BFF's file name. */
export async function fetchPersonalData(http) {
  const response = await http.get(`${PATHS.account}/data`);
  const disposition = response.headers?.['content-disposition'] || '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] || 'personal-data.json';
  return { data: response.data, filename };
}

export async function deleteAccount(http, { password }) {
  const { data } = await http.post(`${PATHS.account}/delete`, { password });
  return data;
}

/** { method: 'password'|'wechat', confirmed_until }: how the member confirms adding an email or deleting the
 * account; for 'wechat', until when this session's WeChat sign-in counts (null: sign in with WeChat again). */
export async function fetchConfirmation(http) {
  const { data } = await http.get(`${PATHS.account}/confirmation`);
  return data;
}

/** A member without an email (signed up with WeChat) adds one, and optionally a password: { message, data: { user } }. */
export async function addEmail(http, { email, password = '', password_confirmation: confirmation = '' }) {
  const body = password ? { email, password, password_confirmation: confirmation } : { email };
  const { data } = await http.put(`${PATHS.account}/email`, body);
  return data;
}
