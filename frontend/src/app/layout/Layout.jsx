import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useDispatch, useSelector } from 'react-redux';
import Header from './Header.jsx';
import Footer from './Footer.jsx';
import ContactBox from './ContactBox.jsx';
import LoadingOverlay from './LoadingOverlay.jsx';
import Toasts from './Toasts.jsx';
import { pageTitle } from '../title.js';
import { selectShop } from '../../features/shop/shopSlice.js';

/**
 * Keeps the tab title right after client-side navigation (the server wrote the first one), and
 * inside WeChat the page's share card (the same title, description, picture and canonical link).
 */
function useDocumentHead() {
  const shop = useSelector(selectShop);
  const matches = useMatches();
  const location = useLocation();
  const dispatch = useDispatch();
  useEffect(() => {
    const title = pageTitle(shop, matches);
    if (title) document.title = title;
    // Only inside WeChat: the share card's code, the JS-SDK and the whole head's builder (the
    // description, picture and canonical link, app/head.js: not in the first load) are chunks of their own.
    if (/MicroMessenger/i.test(navigator.userAgent)) {
      const url = location.pathname + location.search;
      Promise.all([import('../head.js'), import('../../features/wechat/shareCard.js')])
        .then(([{ buildHead }, m]) =>
          m.shareHead(dispatch, buildHead({ shop, matches, url, origin: window.location.origin }), shop),
        )
        .catch(() => {});
    }
  }, [shop, matches, location, dispatch]);
}

export default function Layout() {
  useDocumentHead();
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-gray-900">
      <Header />
      {/* md:pr-12 keeps the content clear of the contact tab on the window's right edge. */}
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 pt-[8.5rem] md:pr-12 md:pt-[8.75rem]">
        <Outlet />
      </main>
      <Footer />
      <ContactBox />
      <LoadingOverlay />
      <Toasts />
      {/* A new page opens at its top, Back and Forward return to where the shopper was, and a
          #anchor scrolls to its element (react-router's data-router scroll restoration). */}
      <ScrollRestoration />
    </div>
  );
}
