import * as account from '../../api/account.js';
import { sessionEnded } from './session.js';

/** Download the member's data: the BFF's JSON, saved as a file by the browser. Rejects with the ApiError. */
export const personalDataRequested =
  () =>
  async (dispatch, getState, { api }) => {
    const { data, filename } = await account.fetchPersonalData(api);
    saveJsonFile(data, filename);
    return filename;
  };

/** Delete the account (confirmed with the password); the BFF has ended every session, so this browser forgets it too. */
export const accountDeletionConfirmed =
  ({ password }) =>
  async (dispatch, getState, { api }) => {
    const answer = await account.deleteAccount(api, { password });
    dispatch(sessionEnded());
    return answer;
  };

export function saveJsonFile(data, filename) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
