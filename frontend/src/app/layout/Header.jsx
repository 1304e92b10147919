import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useDispatch, useSelector } from 'react-redux';
import Img from '../../common/components/Img.jsx';
import { CartIcon, MenuIcon } from '../../common/components/Icons.jsx';
import { useT } from '../../i18n/index.js';
import SearchBox from './SearchBox.jsx';
import MegaMenu from './MegaMenu.jsx';
import AccountMenu from './AccountMenu.jsx';
import { selectCategories, selectShop } from '../../features/shop/shopSlice.js';
import { selectIsLoggedIn, selectUser } from '../../features/account/userSlice.js';
import { selectCartCount } from '../../features/cart/cartSlice.js';
import { toastShown } from '../../features/ui/toastSlice.js';
import { useLogout } from '../../features/account/useLogout.js';
import { loginUrl, returnPathOf } from '../../features/account/redirect.js';

// The cart's slide-over loads when first opened: no page's first paint shows it.
const CartDrawer = lazy(() => import('../../features/cart/CartDrawer.jsx'));
// The phone's slide-out menu neither (issue 27: not in the first load): it arrives once the page
// is interactive and the browser idle, mounted closed so that the first tap slides it out.
const MobileMenu = lazy(() => import('./MobileMenu.jsx'));
const whenIdle = (fn) => (window.requestIdleCallback ? window.requestIdleCallback(fn) : window.setTimeout(fn, 200));

export default function Header() {
  const t = useT();
  const dispatch = useDispatch();
  const shop = useSelector(selectShop);
  const categories = useSelector(selectCategories);
  const user = useSelector(selectUser);
  const loggedIn = useSelector(selectIsLoggedIn);
  const count = useSelector(selectCartCount);
  const logout = useLogout();
  const location = useLocation();
  const { pathname } = location;
  // The sign-in links bring the shopper back to this page.
  const back = returnPathOf(location);
  // The menu and the cart remember the page they were opened on, so leaving that page closes them.
  const [menuOpenOn, setMenuOpenOn] = useState(null);
  const [cartOpenOn, setCartOpenOn] = useState(null);
  const menuOpen = menuOpenOn === pathname;
  const [menuWanted, setMenuWanted] = useState(false);
  useEffect(() => {
    whenIdle(() => setMenuWanted(true));
  }, []);
  const cartOpen = cartOpenOn === pathname;
  const closeCart = useCallback(() => setCartOpenOn(null), []);
  const openCart = () => {
    if (!loggedIn) dispatch(toastShown('info', t('auth.pleaseLogin')));
    else if (count === 0) dispatch(toastShown('info', t('cart.empty')));
    else setCartOpenOn(pathname);
  };

  return (
    <>
      <header className="fixed inset-x-0 top-0 z-40 bg-white/95 shadow-sm backdrop-blur">
        <div className="h-8 bg-gray-900 text-xs text-gray-200">
          <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4">
            <p className="truncate" data-testid="slogan">
              {shop?.shop_slogan}
            </p>
            <div className="flex shrink-0 items-center gap-3">
              {loggedIn ? (
                <>
                  <span data-testid="greeting">{t('auth.greeting', { name: user.name })}</span>
                  <span aria-hidden="true" className="text-gray-500">
                    |
                  </span>
                  <button type="button" onClick={logout} className="hover:text-white" data-testid="logout">
                    {t('auth.logout')}
                  </button>
                </>
              ) : (
                <>
                  <Link to={loginUrl(back, '/register')} className="hover:text-white" data-testid="header-register">
                    {t('auth.register')}
                  </Link>
                  <span aria-hidden="true" className="text-gray-500">
                    |
                  </span>
                  <Link to={loginUrl(back)} className="hover:text-white" data-testid="header-login">
                    {t('auth.login')}
                  </Link>
                </>
              )}
            </div>
          </div>
        </div>
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 md:h-16 md:gap-6">
          <button
            type="button"
            className="-ml-2 rounded p-2 hover:bg-gray-100 md:hidden"
            aria-label={t('nav.menu')}
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuWanted(true);
              setMenuOpenOn(pathname);
            }}
            data-testid="menu-button"
          >
            <MenuIcon className="h-6 w-6" />
          </button>
          <Link to="/" className="flex min-w-0 items-center gap-2" aria-label={shop?.shop_name}>
            {shop?.shop_logo && (
              <Img
                src={shop.shop_logo}
                alt=""
                width={120}
                height={40}
                eager
                className="h-9 w-auto max-w-[7.5rem] object-contain md:h-10"
              />
            )}
            <span className="truncate text-lg font-bold tracking-tight text-gray-900" data-testid="shop-name">
              {shop?.shop_name}
            </span>
          </Link>
          <SearchBox className="hidden flex-1 md:block md:max-w-xl" />
          <div className="ml-auto flex items-center gap-1">
            <AccountMenu />
            <button
              type="button"
              onClick={openCart}
              // The count it shows is part of its name (a spoken name must contain the visible text).
              aria-label={`${t('cart.title')} ${count}`}
              className="relative rounded-full p-2 text-gray-700 hover:bg-gray-100"
              data-testid="cart-button"
            >
              <CartIcon className="h-6 w-6" />
              <span
                className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-xs font-medium text-white"
                data-testid="cart-count"
              >
                {count}
              </span>
            </button>
          </div>
        </div>
        <div className="h-12 px-4 pb-2 md:hidden">
          <SearchBox />
        </div>
        <MegaMenu categories={categories} />
        {cartOpen && loggedIn && count > 0 && (
          <Suspense fallback={null}>
            <CartDrawer open onClose={closeCart} />
          </Suspense>
        )}
      </header>
      {/* Beside the header, not in it: its backdrop filter would be the containing block of this
        fixed panel, which then ended at the header's height (two entries showed on a phone). */}
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpenOn(null)} categories={categories} />
        </Suspense>
      )}
    </>
  );
}
