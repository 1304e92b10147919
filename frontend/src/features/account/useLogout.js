import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/index.js';
import { toastShown } from '../ui/toastSlice.js';
import { logoutRequested } from './session.js';

/**
 * Logout (SPEC section 4): the server call, then user, cart and favourites cleared, a success
 * notice, and `to` (home; the console goes to its sign-in).
 */
export function useLogout(to = '/') {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const t = useT();
  return useCallback(async () => {
    try {
      await dispatch(logoutRequested());
    } catch {
      // the session is forgotten in this browser either way
    }
    navigate(to);
    dispatch(toastShown('success', t('auth.logoutSuccess')));
  }, [dispatch, navigate, t, to]);
}
