import { NavLink, Outlet } from 'react-router';
import { useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { ACCOUNT_LINKS } from './accountLinks.js';
import { selectUser } from './userSlice.js';

/** The account area: a side menu on desktop (a row of links on small screens) beside the page. */
export default function AccountLayout() {
  const t = useT();
  const user = useSelector(selectUser);
  const linkClass = ({ isActive }) =>
    `block whitespace-nowrap rounded-lg px-3 py-2 text-sm ${isActive ? 'bg-rose-50 font-medium text-rose-700' : 'text-gray-700 hover:bg-gray-100'}`;
  return (
    // grid-cols-1 and min-w-0: the row of links scrolls inside a phone's width instead of widening the
    // page (the English shop's was laid out at 588 px).
    <div className="grid grid-cols-1 gap-6 pt-6 md:grid-cols-[14rem_1fr]" data-testid="account-layout">
      <aside className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-gray-100 md:self-start">
        <p className="font-semibold" data-testid="account-greeting">
          {t('account.hello', { name: user?.name || '' })}
        </p>
        <p className="mt-1 text-sm text-gray-500">{t('account.welcome')}</p>
        <nav aria-label={t('account.menu')} className="mt-4 flex gap-1 overflow-x-auto md:flex-col">
          {ACCOUNT_LINKS.map(([to, key]) => (
            <NavLink key={to} to={to} className={linkClass}>
              {t(key)}
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
