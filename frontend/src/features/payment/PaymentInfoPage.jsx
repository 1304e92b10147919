import { Link, useSearchParams } from 'react-router';
import { useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import Img from '../../common/components/Img.jsx';
import { selectShop } from '../shop/shopSlice.js';
import PaymentClaim from './PaymentClaim.jsx';

/** /payment-info: the shop's QR codes when direct payment is off (SPEC section 2). */
export default function PaymentInfoPage() {
  const t = useT();
  const shop = useSelector(selectShop);
  const [params] = useSearchParams();
  const orderNumber = params.get('order');
  const codes = [
    ['payment.alipay', shop?.alipay_image],
    ['payment.wechat', shop?.wechart_pay_image],
  ].filter(([, src]) => src);
  return (
    <section className="mx-auto max-w-2xl space-y-5 pt-6" data-testid="payment-info-page">
      <h1 className="text-2xl font-semibold">{t('payment.title')}</h1>
      {orderNumber && <PaymentClaim orderNumber={orderNumber} />}
      <p className="text-gray-700">{codes.length ? t('payment.scan') : t('payment.noImages')}</p>
      {codes.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-2">
          {codes.map(([label, src]) => (
            <figure
              key={label}
              className="rounded-xl bg-white p-4 text-center ring-1 ring-gray-100"
              data-testid="payment-qr"
            >
              <Img src={src} alt={t(label)} width={240} height={240} className="mx-auto h-60 w-60 object-contain" />
              <figcaption className="mt-2 font-medium">{t(label)}</figcaption>
            </figure>
          ))}
        </div>
      )}
      <div className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
        <h2 className="mb-2 font-semibold">{t('payment.notes')}</h2>
        <ul className="list-disc space-y-1 pl-5">
          {['payment.note1', 'payment.note2', 'payment.note3', 'payment.note4'].map((k) => (
            <li key={k}>{t(k)}</li>
          ))}
        </ul>
      </div>
      <Link to="/order-list" className="inline-block text-sm text-rose-600 hover:underline">
        {t('order.backToList')}
      </Link>
    </section>
  );
}
