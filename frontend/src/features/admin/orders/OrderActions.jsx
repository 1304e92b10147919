import { useState } from 'react';
import { useSelector } from 'react-redux';
import { selectUser } from '../../account/userSlice.js';
import { ACTION_AREAS, allowed } from '../people/access.js';
import {
  cancelAdminOrder,
  editOrderAddress,
  markOrderPaid,
  refundOrder,
  rejectPayment,
  reviveOrder,
  shipOrder,
} from '../../../api/adminOrders.js';
import { useApiCall } from '../../../common/useApiCall.js';
import { useT } from '../../../i18n/index.js';
import { RecipientFields } from '../../addresses/RecipientFields.jsx';
import { serverErrors } from '../../addresses/validators.js';
import { useNotify } from '../../ui/useNotify.js';
import { Button, Checkbox, MoneyField, TextArea, TextField } from '../fields.jsx';
import { money } from '../shared.js';

const ADDRESS_FIELDS = [
  'shipping_name',
  'shipping_contact',
  'shipping_country',
  'shipping_city',
  'shipping_address',
  'shipping_id',
  'province_code',
  'city_code',
  'district_code',
];

/** Each action's form: its first values from the order, its fields, and the call it makes. */
const FORMS = {
  mark_paid: {
    initial: (order) => ({ amount: money(order.total_price), reference: '', note: '' }),
    call: (api, order, body) => markOrderPaid(api, order.order_number, body, order.version),
  },
  ship: {
    initial: () => ({ shipping_company: '', tracking_number: '', note: '' }),
    call: (api, order, body) => shipOrder(api, order.order_number, body, order.version),
  },
  // A paid order is cancelled and refunded in one step; the owner writes the amount (the refundable
  // one is shown beside it), chooses to restock, and says why if money stays unrefunded.
  cancel: {
    initial: () => ({ reason: '', refund_amount: '', restock: true, keep_reason: '' }),
    call: (api, order, body) =>
      cancelAdminOrder(
        api,
        order.order_number,
        {
          ...body,
          refund_amount: body.refund_amount === '' ? null : body.refund_amount,
        },
        order.version,
      ),
  },
  // Starts empty: a refund is an amount the owner decides, never the whole by default.
  refund: {
    initial: () => ({ amount: '', reason: '' }),
    call: (api, order, body) => refundOrder(api, order.order_number, body, order.version),
  },
  revive: {
    initial: () => ({ note: '' }),
    call: (api, order, body) => reviveOrder(api, order.order_number, body, order.version),
  },
  reject_payment: {
    initial: () => ({ reason: '' }),
    call: (api, order, body) => rejectPayment(api, order.order_number, body, order.version),
  },
  edit_address: {
    initial: (order) => Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, order[name] ?? ''])),
    call: (api, order, body) => editOrderAddress(api, order.order_number, body, order.version),
  },
};

function ActionFields({ action, order, values, errors, set, t }) {
  const field = (name, label, Component = TextField) => (
    <Component
      key={name}
      label={t(label)}
      name={name}
      value={values[name]}
      onChange={set}
      error={errors[name]}
      data-testid={`action-${name}`}
    />
  );
  switch (action) {
    case 'mark_paid':
      return [
        field('amount', 'adminOrders.field.amount', MoneyField),
        field('reference', 'adminOrders.field.reference'),
        field('note', 'adminOrders.field.note'),
      ];
    case 'ship':
      return [
        field('shipping_company', 'adminOrders.field.company'),
        field('tracking_number', 'adminOrders.field.tracking'),
        field('note', 'adminOrders.field.note'),
      ];
    case 'revive':
      return field('note', 'adminOrders.field.note');
    case 'reject_payment':
      return (
        <TextArea
          label={t('adminOrders.field.reason')}
          name="reason"
          value={values.reason}
          onChange={set}
          error={errors.reason}
          hint={t('adminOrders.rejectHint')}
        />
      );
    case 'cancel': {
      const refundable = order.paid_amount - order.refunded_amount;
      const reason = (
        <TextArea
          key="reason"
          label={t('adminOrders.field.reason')}
          name="reason"
          value={values.reason}
          onChange={set}
          error={errors.reason}
        />
      );
      if (refundable <= 0) return reason;
      return [
        reason,
        <MoneyField
          key="refund_amount"
          label={t('adminOrders.field.refundAmount')}
          name="refund_amount"
          value={values.refund_amount}
          onChange={set}
          error={errors.refund_amount}
          hint={t('adminOrders.refundable', { amount: money(refundable) })}
          data-testid="action-refund_amount"
        />,
        <TextArea
          key="keep_reason"
          label={t('adminOrders.field.keepReason')}
          name="keep_reason"
          value={values.keep_reason}
          onChange={set}
          error={errors.keep_reason}
          hint={t('adminOrders.keepHint')}
        />,
        <Checkbox
          key="restock"
          label={t('adminOrders.field.restock')}
          name="restock"
          checked={values.restock}
          onChange={set}
        />,
      ];
    }
    case 'refund':
      return [
        <MoneyField
          key="amount"
          label={t('adminOrders.field.amount')}
          name="amount"
          value={values.amount}
          onChange={set}
          error={errors.amount}
          hint={t('adminOrders.refundable', { amount: money(order.paid_amount - order.refunded_amount) })}
          data-testid="action-amount"
        />,
        field('reason', 'adminOrders.field.reason'),
      ];
    default:
      return <RecipientFields values={values} errors={errors} onChange={set} />;
  }
}

/** The buttons of the actions the order's state allows; one opens its form, whose answer replaces the detail. */
export default function OrderActions({ detail, onChanged }) {
  const t = useT();
  const call = useApiCall();
  const notify = useNotify();
  const [open, setOpen] = useState(null);
  const [values, setValues] = useState({});
  const [errors, setErrors] = useState({});
  const [problem, setProblem] = useState(null);
  const [busy, setBusy] = useState(false);
  const { order } = detail;
  // Only the steps this role may take (the BFF refuses the others with 403 anyway).
  const user = useSelector(selectUser);

  const start = (action) => {
    setOpen(action);
    setValues(FORMS[action].initial(order));
    setErrors({});
    setProblem(null);
  };
  const set = (name, value) => setValues((current) => ({ ...current, [name]: value }));
  const submit = async (e) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const next = await call((api) => FORMS[open].call(api, order, values));
      notify('success', t(`adminOrders.done.${open}`));
      setOpen(null);
      onChanged(next);
    } catch (error) {
      setErrors(serverErrors(error));
      setProblem(error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3" data-testid="order-actions">
      <div className="flex flex-wrap gap-2">
        {detail.actions
          .filter((action) => allowed(user, ACTION_AREAS[action]))
          .map((action) => (
            <Button
              key={action}
              kind={['cancel', 'refund', 'reject_payment'].includes(action) ? 'danger' : 'plain'}
              onClick={() => start(action)}
              data-testid={`action-${action}`}
              aria-expanded={open === action}
            >
              {t(`adminOrders.action.${action}`)}
            </Button>
          ))}
      </div>
      {open && (
        <form onSubmit={submit} className="space-y-3 rounded-md p-3 ring-1 ring-gray-200" data-testid="action-form">
          <h3 className="text-sm font-semibold">{t(`adminOrders.action.${open}`)}</h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <ActionFields action={open} order={order} values={values} errors={errors} set={set} t={t} />
          </div>
          {problem && (
            <p className="text-sm text-rose-700" role="alert" data-testid="action-problem">
              {problem}
            </p>
          )}
          <div className="flex gap-2">
            <Button kind="primary" type="submit" disabled={busy} data-testid="action-submit">
              {busy ? t('admin.saving') : t('adminOrders.confirm')}
            </Button>
            <Button onClick={() => setOpen(null)}>{t('adminOrders.close')}</Button>
          </div>
        </form>
      )}
    </div>
  );
}
