import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronIcon, CloseIcon } from '../../common/components/Icons.jsx';
import { useT } from '../../i18n/index.js';

/** Slide-out menu for small screens, one accordion per top-level category. */
export default function MobileMenu({ open, onClose, categories }) {
  const t = useT();
  const [expanded, setExpanded] = useState(null);
  return (
    // visibility flips after the slide-out transition, so a closed menu is hidden from focus and screen readers.
    <div
      className={`fixed inset-0 z-50 transition-[visibility] duration-300 md:hidden ${open ? 'visible' : 'pointer-events-none invisible'}`}
    >
      <div
        className={`absolute inset-0 bg-black/40 transition-opacity ${open ? 'opacity-100' : 'opacity-0'}`}
        onClick={onClose}
      />
      <aside
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.menu')}
        data-testid="mobile-menu"
        className={`absolute inset-y-0 left-0 flex w-80 max-w-[85%] flex-col bg-white shadow-xl transition-transform duration-300 ${open ? 'translate-x-0' : '-translate-x-full'}`}
      >
        <div className="flex h-14 items-center justify-between border-b px-4">
          <span className="font-semibold">{t('nav.menu')}</span>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('nav.close')}
            className="rounded p-2 hover:bg-gray-100"
            tabIndex={open ? 0 : -1}
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        <nav className="flex-1 overflow-y-auto p-2 text-sm">
          <Link to="/" onClick={onClose} tabIndex={open ? 0 : -1} className="block rounded px-3 py-3 hover:bg-gray-50">
            {t('nav.home')}
          </Link>
          <Link
            to="/newest-product"
            onClick={onClose}
            tabIndex={open ? 0 : -1}
            className="block rounded px-3 py-3 hover:bg-gray-50"
          >
            {t('nav.newest')}
          </Link>
          <Link
            to="/best-product"
            onClick={onClose}
            tabIndex={open ? 0 : -1}
            className="block rounded px-3 py-3 hover:bg-gray-50"
          >
            {t('nav.best')}
          </Link>
          {categories.map((cat) => {
            const isOpen = expanded === cat.id;
            return (
              <div key={cat.id} className="border-t border-gray-100">
                <div className="flex items-center">
                  <Link
                    to={`/category/${cat.id}`}
                    onClick={onClose}
                    tabIndex={open ? 0 : -1}
                    className="flex-1 px-3 py-3 font-medium"
                  >
                    {cat.name}
                  </Link>
                  {cat.subcategories?.length > 0 && (
                    <button
                      type="button"
                      aria-expanded={isOpen}
                      aria-label={cat.name}
                      tabIndex={open ? 0 : -1}
                      onClick={() => setExpanded(isOpen ? null : cat.id)}
                      className="p-3 text-gray-500"
                    >
                      <ChevronIcon className={`h-4 w-4 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
                    </button>
                  )}
                </div>
                {isOpen && (
                  <ul className="pb-2 pl-6">
                    {cat.subcategories.map((sub) => (
                      <li key={sub.id}>
                        <Link
                          to={`/category/${sub.id}`}
                          onClick={onClose}
                          className="block px-3 py-2 text-gray-600 hover:text-rose-600"
                        >
                          {sub.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
        </nav>
      </aside>
    </div>
  );
}
