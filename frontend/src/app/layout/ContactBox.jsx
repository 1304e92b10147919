import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import Img from '../../common/components/Img.jsx';
import { CloseIcon } from '../../common/components/Icons.jsx';
import { useT } from '../../i18n/index.js';
import { selectShop } from '../../features/shop/shopSlice.js';
import { contactBoxClosed, selectContactClosed } from '../../features/ui/contactSlice.js';

/**
 * Medium screens and up only; once closed it stays closed. A slim tab on the window's right edge,
 * outside the page's content at desktop widths (a box there covered the product page's accordion
 * arrows); the QR code opens beside it.
 */
export default function ContactBox() {
  const t = useT();
  const dispatch = useDispatch();
  const shop = useSelector(selectShop);
  const closed = useSelector(selectContactClosed);
  const [open, setOpen] = useState(false);
  if (closed || !shop || (!shop.wechart_image && !shop.qq_number)) return null;
  return (
    <aside
      className="fixed right-0 top-1/2 z-30 hidden -translate-y-1/2 items-center md:flex"
      data-testid="contact-box"
      aria-label={t('contact.title')}
    >
      {open && (
        <div
          className="mr-1 w-44 rounded-xl bg-white p-3 text-center shadow-xl ring-1 ring-black/5"
          data-testid="contact-card"
        >
          {shop.wechart_image && (
            <>
              <Img
                src={shop.wechart_image}
                alt={t('contact.wechat')}
                width={140}
                height={140}
                className="mx-auto h-32 w-32 object-contain"
              />
              <p className="mt-1 text-xs text-gray-600">{t('contact.wechat')}</p>
            </>
          )}
          {shop.qq_number && <p className="mt-2 text-xs text-gray-700">{`${t('contact.qq')}: ${shop.qq_number}`}</p>}
        </div>
      )}
      <div
        className="flex w-8 flex-col items-center rounded-l-lg bg-gray-900 text-white shadow-lg"
        data-testid="contact-tab"
      >
        <button
          type="button"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          className="px-1.5 py-3 text-xs tracking-widest [writing-mode:vertical-rl]"
        >
          {t('contact.title')}
        </button>
        <button
          type="button"
          onClick={() => dispatch(contactBoxClosed())}
          aria-label={t('contact.close')}
          className="mb-1 rounded p-1 text-gray-300 hover:text-white"
        >
          <CloseIcon className="h-3.5 w-3.5" />
        </button>
      </div>
    </aside>
  );
}
