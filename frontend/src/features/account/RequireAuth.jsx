import { Navigate, Outlet, useLocation } from 'react-router';
import { useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { loginUrl } from './redirect.js';
import { selectIsLoggedIn, selectSessionKnown } from './userSlice.js';

/**
 * The sign-in guard of the private routes. The server (and the first browser
 * render) cannot know who is signed in, so both draw the same neutral shell;
 * once persisted state is restored the browser decides: the page, or /login
 * carrying where the shopper was going.
 */
export default function RequireAuth() {
  const t = useT();
  const location = useLocation();
  const known = useSelector(selectSessionKnown);
  const loggedIn = useSelector(selectIsLoggedIn);
  if (!known) {
    return (
      <section className="mx-auto max-w-md py-16 text-center" data-testid="private-shell" aria-busy="true">
        <p className="text-gray-500">{t('account.checking')}</p>
      </section>
    );
  }
  if (!loggedIn) return <Navigate to={loginUrl(location.pathname + location.search + location.hash)} replace />;
  return <Outlet />;
}
