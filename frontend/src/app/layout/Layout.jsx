import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useSelector } from 'react-redux';
import Header from './Header.jsx';
import Footer from './Footer.jsx';
import ContactBox from './ContactBox.jsx';
import LoadingOverlay from './LoadingOverlay.jsx';
import Toasts from './Toasts.jsx';
import { buildHead } from '../head.js';
import { selectShop } from '../../features/shop/shopSlice.js';

/** Keeps the tab title right after client-side navigation (the server wrote the first one). */
function useDocumentTitle() {
  const shop = useSelector(selectShop);
  const matches = useMatches();
  const location = useLocation();
  useEffect(() => {
    const head = buildHead({ shop, matches, url: location.pathname + location.search, origin: window.location.origin });
    if (head.title) document.title = head.title;
  }, [shop, matches, location]);
}

export default function Layout() {
  useDocumentTitle();
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
