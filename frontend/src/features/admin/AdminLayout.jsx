import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useSelector } from 'react-redux';
import { htmlLang, languageOf, useT } from '../../i18n/index.js';
import { ADMIN_LOGIN_PATH } from '../account/redirect.js';
import { useLogout } from '../account/useLogout.js';
import { selectUser } from '../account/userSlice.js';
import { selectShop } from '../shop/shopSlice.js';
import { allowed } from './people/access.js';

// Only what exists is linked, and only what the user's role may use (`area`: the BFF's table of
// console areas, bff/accounts/roles.py; the BFF refuses the rest whatever is shown).
export const NAV = [
  {
    to: '/admin/products',
    key: 'admin.nav.products',
    area: 'catalogue',
    match: (p) => p === '/admin' || p.startsWith('/admin/products'),
  },
  {
    to: '/admin/dashboard',
    key: 'adminOrders.nav.dashboard',
    area: 'dashboard',
    match: (p) => p.startsWith('/admin/dashboard'),
  },
  {
    to: '/admin/orders',
    key: 'adminOrders.nav.orders',
    area: 'orders_read',
    match: (p) => p.startsWith('/admin/orders'),
  },
  {
    to: '/admin/shipping',
    key: 'adminShipping.nav',
    area: 'orders_ship',
    match: (p) => p.startsWith('/admin/shipping') || p.startsWith('/admin/packing-slips'),
  },
  {
    to: '/admin/customers',
    key: 'adminCustomers.nav',
    area: 'customers_read',
    match: (p) => p.startsWith('/admin/customers'),
  },
  ...['categories', 'brands', 'banners', 'articles'].map((kind) => ({
    to: `/admin/content/${kind}`,
    key: `admin.nav.${kind}`,
    area: 'content',
    match: (p) => p.startsWith(`/admin/content/${kind}`),
  })),
  { to: '/admin/bulk', key: 'admin.nav.bulk', area: 'catalogue', match: (p) => p.startsWith('/admin/bulk') },
  {
    to: '/admin/promotions',
    key: 'adminPromotions.nav',
    area: 'promotions',
    match: (p) => p.startsWith('/admin/promotions'),
  },
  { to: '/admin/settings', key: 'admin.nav.settings', area: 'settings', match: (p) => p.startsWith('/admin/settings') },
  { to: '/admin/audit', key: 'admin.nav.audit', area: 'audit', match: (p) => p.startsWith('/admin/audit') },
  { to: '/admin/payments', key: 'admin.nav.payments', area: 'payments', match: (p) => p.startsWith('/admin/payments') },
  { to: '/admin/wechat', key: 'admin.nav.wechat', area: 'wechat', match: (p) => p.startsWith('/admin/wechat') },
  { to: '/admin/staff', key: 'people.nav.staff', area: 'staff', match: (p) => p.startsWith('/admin/staff') },
  {
    to: '/admin/security',
    key: 'people.nav.security',
    area: 'own_account',
    match: (p) => p.startsWith('/admin/security'),
  },
];

/**
 * The screen at `pathname`, shown only to a role that may use its area (else a notice, and the
 * screen's calls are never made). While the shop requires a second factor this user has not set
 * up, every screen leads to the two-factor one; /admin leads to the first screen the role may use.
 */
function Screen({ pathname, user }) {
  const t = useT();
  const item = NAV.find((entry) => entry.match(pathname));
  if (user?.two_factor_setup_required && item?.area !== 'own_account') return <Navigate to="/admin/security" replace />;
  if (pathname.replace(/\/$/, '') === '/admin' && !allowed(user, 'catalogue')) {
    const first = NAV.find((entry) => allowed(user, entry.area));
    return <Navigate to={first ? first.to : '/admin/security'} replace />;
  }
  if (item && !allowed(user, item.area)) {
    return (
      <p className="py-16 text-center text-gray-600" role="alert" data-testid="admin-forbidden">
        {t('people.forbidden')}
      </p>
    );
  }
  return <Outlet />;
}

/** The tab's title: the screen's, then the shop's name. */
function useConsoleTitle(shop, t) {
  const { pathname } = useLocation();
  useEffect(() => {
    const screen = NAV.find((item) => item.match(pathname));
    const title = screen ? t(screen.key) : t('admin.title');
    document.title = [title, t('admin.title'), shop?.shop_name].filter(Boolean).join(' - ');
    document.documentElement.lang = htmlLang(languageOf(shop));
  }, [pathname, shop, t]);
}

/**
 * The console's frame: the sidebar (a row of links on a phone), the admin's name and sign-out.
 * `overlays` is what the app lays over every screen (its toasts).
 */
export default function AdminLayout({ overlays = null }) {
  const t = useT();
  const shop = useSelector(selectShop);
  const user = useSelector(selectUser);
  const logout = useLogout(ADMIN_LOGIN_PATH);
  const { pathname } = useLocation();
  useConsoleTitle(shop, t);
  return (
    <div className="min-h-screen bg-gray-50 text-gray-900 md:flex" data-testid="admin-layout">
      <aside className="print:hidden border-b border-gray-200 bg-white md:min-h-screen md:w-56 md:shrink-0 md:border-b-0 md:border-r">
        <div className="flex items-center justify-between gap-2 px-4 py-3 md:block md:py-5">
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{shop?.shop_name}</p>
            <p className="text-xs text-gray-500">{t('admin.title')}</p>
          </div>
          <Link to="/" className="text-xs text-rose-600 hover:underline md:mt-2 md:inline-block">
            {t('admin.viewShop')}
          </Link>
        </div>
        <nav aria-label={t('admin.title')} className="flex gap-1 overflow-x-auto px-2 pb-2 md:flex-col md:pb-0">
          {NAV.filter((item) => allowed(user, item.area)).map((item) => (
            <Link
              key={item.to}
              to={item.to}
              aria-current={item.match(pathname) ? 'page' : undefined}
              className={`whitespace-nowrap rounded-md px-3 py-2 text-sm ${item.match(pathname) ? 'bg-gray-900 text-white' : 'text-gray-700 hover:bg-gray-100'}`}
            >
              {t(item.key)}
            </Link>
          ))}
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="print:hidden flex items-center justify-end gap-3 border-b border-gray-200 bg-white px-4 py-2 text-sm">
          <span className="truncate text-gray-600" data-testid="admin-user">
            {user?.name}
          </span>
          <button type="button" onClick={logout} className="font-medium text-rose-600 hover:underline">
            {t('auth.logout')}
          </button>
        </header>
        <main className="mx-auto w-full max-w-6xl p-3 sm:p-6 print:max-w-none print:p-0">
          <Screen pathname={pathname} user={user} />
        </main>
      </div>
      {overlays}
    </div>
  );
}

export function AdminNotFound() {
  const t = useT();
  return (
    <div className="py-16 text-center" data-testid="admin-not-found">
      <p className="text-gray-600">{t('admin.notFound')}</p>
      <Link to="/admin" className="mt-4 inline-block text-rose-600 hover:underline">
        {t('admin.title')}
      </Link>
    </div>
  );
}
