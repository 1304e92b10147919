import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { fetchAdminOrder, fetchPaymentProof } from '../../../api/adminOrders.js';
import { revealIdNumber } from '../../../api/adminShipping.js';
import { useApiCall } from '../../../common/useApiCall.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import ShopTime from '../../shop/ShopTime.jsx';
import { Panel } from '../fields.jsx';
import { money } from '../shared.js';
import OrderActions from './OrderActions.jsx';
import StaffNotes from './StaffNotes.jsx';
import { paymentLabel } from './OrderListPage.jsx';

function Row({ label, children, testId }) {
  return (
    <div className="flex justify-between gap-3 py-1 text-sm">
      <dt className="text-gray-600">{label}</dt>
      <dd className="text-right" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function History({ history, t }) {
  return (
    <ol className="space-y-2" data-testid="order-history">
      {history.map((event) => (
        <li key={event.id} className="text-sm" data-testid="history-entry">
          <div className="flex flex-wrap gap-x-3">
            <strong>{t(`adminOrders.action.${event.action}`)}</strong>
            {event.to_status && event.to_status !== event.from_status && (
              <span>
                {event.from_status ? `${t(`order.status.${event.from_status}`)} → ` : ''}
                {t(`order.status.${event.to_status}`)}
              </span>
            )}
            <span className="text-gray-600">
              {event.actor_kind === 'system' && !event.actor_email ? t('adminOrders.actor.system') : event.actor_email}
            </span>
            <ShopTime value={event.at} className="text-gray-500" />
          </div>
          {event.note && <p className="text-gray-700">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}

const NEEDS_THE_OWNER = ['failed', 'abnormal'];

/**
 * A refund's state in words; failed and abnormal (stuck at the provider, for the owner to handle
 * by hand there, its amount still counted as refunded) stand out.
 */
export function RefundState({ status, t }) {
  return (
    <span className={NEEDS_THE_OWNER.includes(status) ? 'text-rose-700' : ''} data-testid="refund-state">
      {t(`adminOrders.refundState.${status}`)}
    </span>
  );
}

/** The shopper's 「我已付款」: when, and the screenshot they attached (read through the BFF, never public). */
function PaymentClaim({ order, t }) {
  const call = useApiCall();
  const [src, setSrc] = useState(null);
  const number = order.order_number;
  const hasProof = order.has_payment_proof;
  useEffect(() => {
    if (!hasProof) return undefined;
    let url = null;
    call((api) => fetchPaymentProof(api, number))
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => setSrc(null));
    return () => url && URL.revokeObjectURL(url);
  }, [call, number, hasProof]);
  return (
    <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="payment-claim">
      <p>
        {t('adminOrders.claimed')} <ShopTime value={order.payment_claimed_at} />
      </p>
      {src && <img src={src} alt={t('adminOrders.proof')} className="mt-2 max-h-72 rounded ring-1 ring-amber-200" />}
      {!hasProof && <p className="mt-1 text-amber-800">{t('adminOrders.noProof')}</p>}
    </div>
  );
}

/** The recipient's ID number, masked; the full number on request (each look is audited). */
function IdNumber({ order, t }) {
  const call = useApiCall();
  const [full, setFull] = useState(null);
  const [problem, setProblem] = useState(null);
  if (!order.shipping_id) return null;
  const reveal = async () => {
    try {
      setFull((await call((api) => revealIdNumber(api, order.order_number))).shipping_id);
    } catch (error) {
      setProblem(error.message);
    }
  };
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-gray-600">{t('adminOrders.idNumber')}:</span>
      <span className="font-mono" data-testid="order-id-number">
        {full || order.shipping_id}
      </span>
      {!full && (
        <button
          type="button"
          onClick={reveal}
          title={t('adminOrders.idRevealHint')}
          className="text-xs text-rose-700 underline"
          data-testid="reveal-id-number"
        >
          {t('adminOrders.idReveal')}
        </button>
      )}
      {problem && <span className="text-rose-700">{problem}</span>}
    </p>
  );
}

/** /admin/orders/:number: lines, amounts, addresses, payments, refunds, history and the actions allowed. */
export default function OrderDetailPage() {
  const t = useT();
  const { number } = useParams();
  const remote = useRemote((api) => fetchAdminOrder(api, number), [number]);
  const [changed, setChanged] = useState(null);
  const detail = changed?.order?.order_number === number ? changed : remote.data;
  if (remote.error && !detail) return <p className="text-sm text-rose-700">{remote.error.message}</p>;
  if (!detail) return <p className="text-sm text-gray-500">{t('admin.loading')}</p>;
  const { order } = detail;
  const none = <p className="text-sm text-gray-500">{t('adminOrders.detail.none')}</p>;
  return (
    <div className="space-y-4" data-testid="admin-order">
      <Link to="/admin/orders" className="text-sm text-rose-600 hover:underline">
        {t('adminOrders.back')}
      </Link>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold">{t('adminOrders.detail.title', { number: order.order_number })}</h1>
        <span className="flex items-center gap-3">
          <Link
            to={`/admin/packing-slips?numbers=${order.order_number}`}
            className="text-sm text-rose-700 hover:underline"
            data-testid="print-slip"
          >
            {t('adminOrders.printSlip')}
          </Link>
          <span className="rounded-full bg-gray-900 px-3 py-1 text-sm text-white" data-testid="admin-order-status">
            {t(`order.status.${order.status}`)}
          </span>
        </span>
      </div>
      {order.payment_claimed_at && ['unpaid', 'payment_failed'].includes(order.status) && (
        <PaymentClaim order={order} t={t} />
      )}
      {order.status === 'cancelled' && Number(order.paid_amount) > Number(order.refunded_amount) && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="order-held">
          {t('adminOrders.held', { amount: money(order.paid_amount - order.refunded_amount) })}
        </p>
      )}
      <Panel title={t('admin.actions')}>
        <OrderActions detail={detail} onChanged={setChanged} />
      </Panel>
      <StaffNotes key={order.order_number} detail={detail} onChanged={setChanged} />
      <div className="grid gap-4 md:grid-cols-2">
        <Panel title={t('adminOrders.detail.lines')}>
          <ul className="divide-y divide-gray-100 text-sm">
            {order.order_details.map((line) => (
              <li key={line.id} className="flex justify-between gap-3 py-2">
                <span>
                  {line.product_name}
                  {line.variant_name && <span className="text-gray-500"> ({line.variant_name})</span>} × {line.quantity}
                </span>
                {/* With a promotion, what the line paid: a refund of the line returns that. */}
                <span data-testid="line-paid">
                  {Number(line.discount_amount) > 0 && (
                    <span className="mr-2 text-gray-500 line-through">{money(line.final_price * line.quantity)}</span>
                  )}
                  {money(line.paid_amount ?? line.final_price * line.quantity)}
                </span>
              </li>
            ))}
          </ul>
        </Panel>
        <Panel title={t('adminOrders.detail.amounts')}>
          <dl>
            <Row label={t('adminOrders.detail.subtotal')}>{money(order.total_amount)}</Row>
            {(order.discounts || []).map((d) => (
              <Row key={d.kind} label={d.label} testId={`order-discount-${d.kind}`}>
                −{money(d.amount)}
              </Row>
            ))}
            <Row label={t('adminOrders.detail.shippingFee')}>{money(order.shipping_cost)}</Row>
            <Row label={t('adminOrders.detail.total')}>{money(order.total_price)}</Row>
            <Row label={t('adminOrders.detail.paid')} testId="order-paid">
              {money(order.paid_amount)} · {paymentLabel(t, order.payment_method)}
            </Row>
            <Row label={t('adminOrders.detail.refunded')} testId="order-refunded">
              {money(order.refunded_amount)}
            </Row>
          </dl>
        </Panel>
        <Panel title={t('adminOrders.detail.recipient')}>
          <p className="text-sm" data-testid="order-recipient">
            {order.shipping_name} · {order.shipping_contact}
            <br />
            {order.shipping_country} {order.shipping_city}
            <br />
            {order.shipping_address}
          </p>
          <IdNumber key={order.order_number} order={order} t={t} />
          <p className="mt-2 text-sm text-gray-600">
            {t(`adminOrders.shipping.${order.shipping_type}`)}
            {order.tracking_number && (
              <span data-testid="order-tracking">
                {' '}
                · {order.shipping_company} {order.tracking_number}
              </span>
            )}
          </p>
          {order.sender_name && (
            <p className="mt-2 text-sm text-gray-600">
              {t('adminOrders.detail.sender')}: {order.sender_name} {order.sender_address}
            </p>
          )}
          {order.user_remark && (
            <p className="mt-2 text-sm text-gray-600">
              {t('adminOrders.detail.remark')}: {order.user_remark}
            </p>
          )}
        </Panel>
        <Panel title={t('adminOrders.detail.customer')}>
          <Link to={`/admin/customers/${detail.customer.id}`} className="text-sm text-rose-700 hover:underline">
            {detail.customer.name} · {detail.customer.email}
          </Link>
          <p className="mt-1 text-sm text-gray-500">
            <ShopTime value={order.datetime} />
          </p>
        </Panel>
        <Panel title={t('adminOrders.detail.payments')}>
          {detail.payments.length
            ? detail.payments.map((p) => (
                <p key={p.id} className="text-sm" data-testid="payment-record">
                  {money(p.amount)} · {paymentLabel(t, p.method)} · {p.reference}{' '}
                  <ShopTime value={p.created_at} className="text-gray-500" />
                </p>
              ))
            : none}
        </Panel>
        <Panel title={t('adminOrders.detail.refunds')}>
          {detail.refunds.length
            ? detail.refunds.map((r) => (
                <p key={r.id} className="text-sm" data-testid="refund-record">
                  {money(r.amount)} · {r.reason} · <RefundState status={r.status} t={t} />{' '}
                  <ShopTime value={r.created_at} className="text-gray-500" />
                </p>
              ))
            : none}
        </Panel>
      </div>
      <Panel title={t('adminOrders.detail.history')}>
        <History history={detail.history} t={t} />
      </Panel>
    </div>
  );
}
