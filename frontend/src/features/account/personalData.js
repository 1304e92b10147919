import * as account from '../../api/account.js';
import { sessionEnded } from './session.js';
import { userLoggedIn } from './userSlice.js';

/** The BFF's code for "sign in with WeChat again": a member without a password confirms so (bff/accounts). */
export const WECHAT_SIGNIN_REQUIRED = 'wechat_signin_required';
/** The personal centre's address after the WeChat sign-in that confirms deleting the account / adding an email. */
export const CONFIRM_DELETE_RETURN = '/user-profile?confirm=delete-account';
export const CONFIRM_EMAIL_RETURN = '/user-profile?confirm=add-email';

/** How the member confirms a change of their account ({ method, confirmed_until }); the password way when unknown. */
export const confirmationRequested =
  () =>
  async (dispatch, getState, { api }) => {
    try {
      return await account.fetchConfirmation(api);
    } catch {
      return { method: 'password', confirmed_until: null };
    }
  };

/** Whether the change can go ahead without asking anything more than the password form asks. */
export const isConfirmed = (confirmation) =>
  confirmation?.method === 'password' || Boolean(confirmation?.confirmed_until);

/** Add an email (and maybe a password) to a member without one; the member here gets it too. Rejects with the ApiError. */
export const emailAdded =
  (form) =>
  async (dispatch, getState, { api }) => {
    const answer = await account.addEmail(api, form);
    if (answer?.data?.user) dispatch(userLoggedIn(answer.data.user));
    return answer;
  };

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
