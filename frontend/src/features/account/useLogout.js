import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/index.js';
import { toastShown } from '../ui/toastSlice.js';
import { logoutRequested } from './session.js';

/** Logout (SPEC section 4): the server call, then user, cart and favourites cleared, home, a success notice. */
export function useLogout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const t = useT();
  return useCallback(async () => {
    try {
      await dispatch(logoutRequested());
    } catch {
      // the session is forgotten in this browser either way
    }
    navigate('/');
    dispatch(toastShown('success', t('auth.logoutSuccess')));
  }, [dispatch, navigate, t]);
}
