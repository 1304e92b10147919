import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSelector } from 'react-redux';
import { UserIcon } from '../../common/components/Icons.jsx';
import { useT } from '../../i18n/index.js';
import { selectIsLoggedIn } from '../../features/account/userSlice.js';
import { useLogout } from '../../features/account/useLogout.js';
import { ACCOUNT_LINKS } from '../../features/account/accountLinks.js';
import { loginUrl, returnPathOf } from '../../features/account/redirect.js';

export default function AccountMenu() {
  const t = useT();
  const endSession = useLogout();
  const loggedIn = useSelector(selectIsLoggedIn);
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const ref = useRef(null);
  useEffect(() => {
    if (!open) return undefined;
    const close = (e) => {
      if (!ref.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [open]);
  const logout = () => {
    setOpen(false);
    endSession();
  };
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('account.menu')}
        onClick={() => setOpen(!open)}
        className="rounded-full p-2 text-gray-700 hover:bg-gray-100"
      >
        <UserIcon className="h-6 w-6" />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 top-full z-50 mt-2 w-48 overflow-hidden rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-black/5"
        >
          {ACCOUNT_LINKS.map(([to, key]) => (
            <Link
              key={to}
              role="menuitem"
              to={to}
              onClick={() => setOpen(false)}
              className="block px-4 py-2 hover:bg-gray-50"
            >
              {t(key)}
            </Link>
          ))}
          {loggedIn ? (
            <button
              type="button"
              role="menuitem"
              onClick={logout}
              className="block w-full px-4 py-2 text-left hover:bg-gray-50"
            >
              {t('auth.logout')}
            </button>
          ) : (
            <Link
              role="menuitem"
              to={loginUrl(returnPathOf(location))}
              onClick={() => setOpen(false)}
              className="block border-t px-4 py-2 hover:bg-gray-50"
            >
              {t('auth.login')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
