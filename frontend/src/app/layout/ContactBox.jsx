import { useDispatch, useSelector } from 'react-redux';
import Img from '../../common/components/Img.jsx';
import { CloseIcon } from '../../common/components/Icons.jsx';
import { useT } from '../../i18n/index.js';
import { selectShop } from '../../features/shop/shopSlice.js';
import { contactBoxClosed, selectContactClosed } from '../../features/ui/contactSlice.js';

/** Medium screens and up only; once closed it stays closed. */
export default function ContactBox() {
  const t = useT();
  const dispatch = useDispatch();
  const shop = useSelector(selectShop);
  const closed = useSelector(selectContactClosed);
  if (closed || !shop || (!shop.wechart_image && !shop.qq_number)) return null;
  return (
    <aside
      className="fixed bottom-6 right-6 z-30 hidden w-44 rounded-xl bg-white p-3 text-center shadow-xl ring-1 ring-black/5 md:block"
      data-testid="contact-box"
      aria-label={t('contact.title')}
    >
      <button
        type="button"
        onClick={() => dispatch(contactBoxClosed())}
        aria-label={t('contact.close')}
        className="absolute right-1 top-1 rounded p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-700"
      >
        <CloseIcon className="h-4 w-4" />
      </button>
      <p className="mb-2 text-sm font-semibold">{t('contact.title')}</p>
      {shop.wechart_image && (
        <>
          <Img
            src={shop.wechart_image}
            alt={t('contact.wechat')}
            width={140}
            height={140}
            className="mx-auto h-32 w-32 object-contain"
          />
          <p className="mt-1 text-xs text-gray-500">{t('contact.wechat')}</p>
        </>
      )}
      {shop.qq_number && <p className="mt-2 text-xs text-gray-700">{`${t('contact.qq')}: ${shop.qq_number}`}</p>}
    </aside>
  );
}
