import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { CloseIcon } from '../../common/components/Icons.jsx';
import Price from '../shop/Price.jsx';
import { selectCartItems, selectCartTotal, selectCartYuan } from './cartSlice.js';
import CartLines from './CartLines.jsx';

/** The right-hand slide-over titled shopping cart (SPEC section 2). */
export default function CartDrawer({ open, onClose }) {
  const t = useT();
  const items = useSelector(selectCartItems);
  const total = useSelector(selectCartTotal);
  const yuan = useSelector(selectCartYuan);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  // Portalled to <body>: the header's backdrop filter would otherwise be the containing block of `fixed`.
  return createPortal(
    <div className="fixed inset-0 z-50" role="dialog" aria-modal="true" aria-labelledby="cart-title">
      <button
        type="button"
        className="absolute inset-0 h-full w-full cursor-default bg-black/40"
        aria-label={t('cart.close')}
        tabIndex={-1}
        onClick={onClose}
      />
      <aside
        className="absolute inset-y-0 right-0 flex w-full max-w-md flex-col bg-white shadow-xl"
        data-testid="cart-drawer"
      >
        <div className="flex items-center justify-between border-b px-4 py-3">
          <h2 id="cart-title" className="text-lg font-semibold">
            {t('cart.title')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('cart.close')}
            className="rounded p-1 hover:bg-gray-100"
          >
            <CloseIcon className="h-6 w-6" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-4">
          {items.length ? (
            <CartLines items={items} onNavigate={onClose} />
          ) : (
            <p className="py-10 text-center text-gray-500">{t('cart.empty')}</p>
          )}
        </div>
        <div className="border-t px-4 py-4">
          <div className="flex items-center justify-between font-medium">
            <span>{t('cart.subtotal')}</span>
            <span data-testid="cart-subtotal">
              <Price price={total} yuan={yuan.subtotal} />
            </span>
          </div>
          <p className="mt-1 text-xs text-gray-500">{t('cart.shippingNote')}</p>
          <Link
            to="/checkout"
            onClick={onClose}
            className="mt-4 block rounded-lg bg-rose-600 py-2.5 text-center font-medium text-white hover:bg-rose-700"
            data-testid="cart-checkout"
          >
            {t('cart.checkout')}
          </Link>
          <button
            type="button"
            onClick={onClose}
            className="mt-2 w-full rounded-lg py-2 text-sm text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50"
            data-testid="cart-continue"
          >
            {t('cart.continue')}
          </button>
        </div>
      </aside>
    </div>,
    document.body,
  );
}
