import { useState } from 'react';
import { useSelector } from 'react-redux';
import { fetchOrder } from '../../api/orders.js';
import { claimPayment } from '../../api/paymentClaims.js';
import { useApiCall } from '../../common/useApiCall.js';
import { useRemote } from '../../common/useRemote.js';
import { useT } from '../../i18n/index.js';
import { selectShop } from '../shop/shopSlice.js';

const OPEN = ['unpaid', 'payment_failed'];

/**
 * On the QR page: the order's number and exact amount (NZD, and yuan at the order's rate), and
 * 「我已付款」 with an optional screenshot, after which the order waits for the shop to confirm.
 */
export default function PaymentClaim({ orderNumber }) {
  const t = useT();
  const call = useApiCall();
  const shop = useSelector(selectShop);
  const remote = useRemote((api) => fetchOrder(api, orderNumber), [orderNumber]);
  const [file, setFile] = useState(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  const [claimed, setClaimed] = useState(null);
  const order = claimed || remote.data;
  if (remote.error && !order) return null;
  if (!order) return <p className="text-sm text-gray-500">{t('claim.loading')}</p>;
  const rate = Number(order.exchange_rate ?? shop?.shop_exchange_rate);
  const nzd = Number(order.total_price);
  // The BFF's yuan total (to the jiao, half up, at the order's own rate): what a yuan account charges.
  const yuan = order.yuan_total != null ? Number(order.yuan_total) : nzd * rate;
  const submit = async (e) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      setClaimed(await call((api) => claimPayment(api, order.order_number, file)));
    } catch (error) {
      setProblem(error.data?.errors?.screenshot?.[0] || error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-gray-100" data-testid="payment-claim">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-600">{t('claim.order')}</dt>
        <dd className="font-mono" data-testid="claim-order-number">
          {order.order_number}
        </dd>
        <dt className="text-gray-600">{t('claim.amount')}</dt>
        <dd className="text-lg font-semibold text-rose-700" data-testid="claim-amount">
          NZ${nzd.toFixed(2)}
          {Number.isFinite(yuan) && (
            <span className="ml-2 text-base" data-testid="claim-amount-yuan">
              ¥{yuan.toFixed(1)}
            </span>
          )}
        </dd>
      </dl>
      {order.payment_claimed_at ? (
        <p
          className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
          role="status"
          data-testid="claim-done"
        >
          {t('claim.waiting')}
        </p>
      ) : (
        OPEN.includes(order.status) && (
          <form onSubmit={submit} className="space-y-2">
            <label className="block text-sm text-gray-700">
              {t('claim.screenshot')}
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                className="mt-1 block w-full text-sm"
                data-testid="claim-screenshot"
                onChange={(e) => setFile(e.target.files[0] || null)}
              />
            </label>
            {problem && (
              <p role="alert" className="text-sm text-rose-700">
                {problem}
              </p>
            )}
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-rose-600 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
              data-testid="claim-paid"
            >
              {t('claim.paid')}
            </button>
          </form>
        )
      )}
    </div>
  );
}
