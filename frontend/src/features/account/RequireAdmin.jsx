import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useDispatch, useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { selectShop, shopLoaded } from '../shop/shopSlice.js';
import { ADMIN_LOGIN_PATH, loginUrl } from './redirect.js';
import { selectSessionKnown, selectUser } from './userSlice.js';

/** What the console's guard shows: 'shell' until it can tell, then 'console' or 'login'. */
export function adminGuardState({ known, user, shopReady }) {
  if (!known) return 'shell';
  if (!user?.name || !user.is_admin) return 'login';
  return shopReady ? 'console' : 'shell';
}

function ConsoleShell() {
  const t = useT();
  return (
    <section
      className="flex min-h-screen items-center justify-center bg-gray-50"
      data-testid="admin-shell"
      aria-busy="true"
    >
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-gray-300 border-t-rose-600" />
      <span className="sr-only">{t('account.checking')}</span>
    </section>
  );
}

/**
 * The console's guard (/admin/*). The server knows nobody, so it and the first browser render
 * draw the same shell, and nothing of the console (its lazily loaded chunk) is asked for until
 * the browser knows the signed-in user is this shop's admin; anyone else goes to /admin/login.
 * The console lives outside the storefront's layout, so the shop settings (language, name) are
 * loaded here, in the browser.
 */
export default function RequireAdmin() {
  const dispatch = useDispatch();
  const location = useLocation();
  const known = useSelector(selectSessionKnown);
  const user = useSelector(selectUser);
  const shop = useSelector(selectShop);
  const state = adminGuardState({ known, user, shopReady: Boolean(shop) });
  useEffect(() => {
    if (known && !shop) dispatch(shopLoaded());
  }, [dispatch, known, shop]);
  if (state === 'login') {
    return <Navigate to={loginUrl(location.pathname + location.search, ADMIN_LOGIN_PATH)} replace />;
  }
  if (state === 'shell') return <ConsoleShell />;
  return (
    <Suspense fallback={<ConsoleShell />}>
      <Outlet />
    </Suspense>
  );
}
