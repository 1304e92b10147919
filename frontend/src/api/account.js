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
