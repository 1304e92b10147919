import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useT } from '../../i18n/index.js';
import { useRemote } from '../../common/useRemote.js';
import { useApiCall } from '../../common/useApiCall.js';
import { fetchOrder } from '../../api/orders.js';
import { createPayment, quotePayment, settlePayment, wechatAuthorize } from '../../api/payment.js';
import Price from '../shop/Price.jsx';
import { currentDevice, payButtons } from './device.js';
import { usePaymentMethods } from './usePay.js';

// How often an open QR code asks whether the order is paid yet.
const POLL_MS = 3000;
const OPEN = ['unpaid', 'payment_failed'];
const LABELS = { wechat_pay: 'pay.wechat', alipay: 'pay.alipay', card: 'pay.card' };

/** Start WeChat's in-app payment (JSAPI) once its bridge is there; resolves with its err_msg. */
function wechatBridgePay(params) {
  return new Promise((resolve) => {
    const run = () => window.WeixinJSBridge.invoke('getBrandWCPayRequest', params, (res) => resolve(res?.err_msg));
    if (window.WeixinJSBridge) run();
    else document.addEventListener('WeixinJSBridgeReady', run, { once: true });
  });
}

/**
 * /pay/{order_number}: the shop's providers, and the way each pays from where the shopper is:
 * WeChat Pay by JSAPI inside WeChat (after WeChat's sign-in), H5 on other phones, a QR code on
 * desktops; Alipay's page (desktop) or WAP (phone), and inside WeChat a page that says to open
 * the order in the phone's browser. Coming back (?returned=1) settles the order with the BFF.
 * Under each provider the page says what it charges: yuan (a mainland account, at the shop's rate
 * fixed when paying starts) or the NZ dollar total (an overseas account; the wallet converts).
 */
export default function PayPage() {
  const t = useT();
  const call = useApiCall();
  const navigate = useNavigate();
  const { orderNumber } = useParams();
  const [params] = useSearchParams();
  const payment = usePaymentMethods();
  const [device] = useState(currentDevice);
  const [view, setView] = useState({ kind: params.get('returned') ? 'checking' : 'choose' });
  const [problem, setProblem] = useState('');
  const started = useRef(false);
  const { data: order, error, loaded } = useRemote((api) => fetchOrder(api, orderNumber), [orderNumber]);
  const { data: charges } = useRemote((api) => quotePayment(api, orderNumber), [orderNumber]);

  const summary = `/order-summary/${encodeURIComponent(orderNumber)}`;
  const settle = async () => {
    const { status } = await call((api) => settlePayment(api, orderNumber));
    if (!OPEN.includes(status)) navigate(summary, { replace: true });
    return status;
  };

  const start = async (method) => {
    setProblem('');
    if (method === 'alipay' && device === 'wechat') return setView({ kind: 'openInBrowser' });
    setView({ kind: 'busy' });
    try {
      const args = { orderNumber, totalPrice: order.total_price, method, device };
      const result = await call((api) => createPayment(api, args));
      if (result.flow === 'redirect') return window.location.assign(result.paymentPageUrl);
      if (result.flow === 'open_in_browser') return setView({ kind: 'openInBrowser' });
      if (result.flow === 'qr') {
        const { toDataURL } = await import('qrcode');
        const src = await toDataURL(result.qrCode, { margin: 1, width: 240 });
        return setView({ kind: 'qr', src, charge: result.charge });
      }
      const outcome = await wechatBridgePay(result.jsapi);
      setView({ kind: 'checking' });
      if (outcome === 'get_brand_wcpay_request:ok') return settle();
      setView({ kind: 'choose' });
      if (outcome !== 'get_brand_wcpay_request:cancel') setProblem(t('pay.failed'));
    } catch (err) {
      if (err.code === 'payment_unavailable') return navigate('/payment-info');
      // Inside WeChat without the openid yet: WeChat's silent sign-in first, then back here.
      const next = err.code === 'wechat_login_required' ? await signInWithWechat() : err;
      if (!next) return undefined;
      setView({ kind: 'choose' });
      setProblem(next.status >= 400 && next.status < 500 && next.status !== 401 ? next.message : t('pay.failed'));
    }
  };

  const signInWithWechat = async () => {
    try {
      window.location.assign(await call((api) => wechatAuthorize(api, orderNumber)));
      return null;
    } catch (error) {
      return error;
    }
  };

  // Back from a provider (or WeChat's sign-in): settle, or go on paying with WeChat Pay.
  useEffect(() => {
    if (!order || started.current) return;
    started.current = true;
    if (params.get('returned')) settle().then((status) => OPEN.includes(status) && setView({ kind: 'pending' }));
    else if (params.get('start') === 'wechat_pay') Promise.resolve().then(() => start('wechat_pay'));
  });

  // An open QR code: ask until the order is paid.
  useEffect(() => {
    if (view.kind !== 'qr') return undefined;
    const timer = setInterval(() => settle().catch(() => {}), POLL_MS);
    return () => clearInterval(timer);
  });

  if (!loaded) return <div className="py-16" aria-busy="true" />;
  if (error || !order)
    return (
      <p className="py-16 text-center text-gray-500" data-testid="pay-order-not-found">
        {t('pay.notFound')}
      </p>
    );
  // Each method with the provider the shop chose for it (what it charges is that provider's).
  const offered = payButtons(payment?.methods, device, order.shipping_country);
  return (
    <section className="mx-auto max-w-md space-y-5 pt-6" data-testid="pay-page">
      <div className="rounded-xl bg-white p-6 ring-1 ring-gray-100">
        <h1 className="text-xl font-semibold">{t('pay.title')}</h1>
        <p className="mt-2 text-sm text-gray-500">
          {t('pay.order')}: <span className="font-mono text-gray-900">{order.order_number}</span>
        </p>
        <div className="mt-2">
          <Price price={order.total_price} yuan={order.yuan_total} rate={order.exchange_rate} size="lg" />
        </div>
      </div>
      {!OPEN.includes(order.status) ? (
        <p className="text-center text-gray-700" data-testid="pay-not-open">
          {t('pay.notOpen')}
        </p>
      ) : (
        <PayBody
          view={view}
          offered={offered}
          charges={charges || {}}
          loading={payment === null}
          start={start}
          settle={settle}
          t={t}
        />
      )}
      {problem && (
        <p className="rounded-lg bg-rose-50 p-3 text-sm text-rose-700" role="alert" data-testid="pay-problem">
          {problem}
        </p>
      )}
      <Link to={summary} className="inline-block text-sm text-rose-600 hover:underline">
        {t('pay.backToOrder')}
      </Link>
    </section>
  );
}

/** What a provider charges, in words: "¥245.12 (yuan at the shop's rate)" or the NZ dollar total. */
function ChargeNote({ charge, t, testId }) {
  if (!charge) return null;
  const amount = charge.amount; // as charged: NZ$ to the cent, yuan the order's total (to the jiao)
  return (
    <p className="mt-1 text-center text-sm text-gray-600" data-testid={testId}>
      {charge.currency === 'CNY' ? t('pay.chargeYuan', { amount }) : t('pay.chargeNzd', { amount })}
    </p>
  );
}

function PayBody({ view, offered, charges, loading, start, settle, t }) {
  if (view.kind === 'busy' || view.kind === 'checking' || loading)
    return (
      <p className="py-6 text-center text-gray-500" aria-busy="true">
        {t('pay.wait')}
      </p>
    );
  if (view.kind === 'qr')
    return (
      <figure className="rounded-xl bg-white p-6 text-center ring-1 ring-gray-100">
        <img src={view.src} alt={t('pay.wechat')} width={240} height={240} className="mx-auto" data-testid="pay-qr" />
        <figcaption className="mt-3 text-sm text-gray-700">{t('pay.scan')}</figcaption>
        <ChargeNote charge={view.charge} t={t} testId="pay-qr-charge" />
      </figure>
    );
  if (view.kind === 'openInBrowser')
    return (
      <div className="rounded-xl bg-amber-50 p-5 text-amber-900" data-testid="pay-open-in-browser">
        <h2 className="font-semibold">{t('pay.openInBrowserTitle')}</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          <li>{t('pay.openInBrowserStep1')}</li>
          <li>{t('pay.openInBrowserStep2')}</li>
          <li>{t('pay.openInBrowserStep3')}</li>
        </ol>
      </div>
    );
  return (
    <div className="space-y-3">
      {view.kind === 'pending' && (
        <p className="text-center text-sm text-gray-600" data-testid="pay-pending">
          {t('pay.pending')}{' '}
          <button type="button" className="text-rose-600 underline" onClick={() => settle().catch(() => {})}>
            {t('pay.checkAgain')}
          </button>
        </p>
      )}
      {offered.map(({ method, provider }) => (
        <div key={method}>
          <button
            type="button"
            onClick={() => start(method)}
            className="block w-full rounded-lg bg-rose-600 px-5 py-3 font-medium text-white"
            data-testid={`pay-with-${method}`}
          >
            {t(LABELS[method])}
          </button>
          <ChargeNote charge={charges[provider]} t={t} testId={`pay-charge-${method}`} />
        </div>
      ))}
    </div>
  );
}
