import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { fetchCustomer, setCustomerBlocked, updateMembership } from '../../../api/adminOrders.js';
import { useApiCall } from '../../../common/useApiCall.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import ShopTime from '../../shop/ShopTime.jsx';
import { useNotify } from '../../ui/useNotify.js';
import { Button, Checkbox, Panel, Select, TextField } from '../fields.jsx';
import { money } from '../shared.js';

function Membership({ detail, onSaved }) {
  const t = useT();
  const call = useApiCall();
  const notify = useNotify();
  const { customer, member_levels: levels } = detail;
  const [level, setLevel] = useState(customer.member_level_id ? String(customer.member_level_id) : '');
  const [special, setSpecial] = useState(customer.is_special_member);
  const [busy, setBusy] = useState(false);
  const save = async (e) => {
    e.preventDefault();
    setBusy(true);
    try {
      const body = { member_level_id: level ? Number(level) : null, is_special_member: special };
      onSaved(await call((api) => updateMembership(api, customer.id, body, customer.version)));
      notify('success', t('adminCustomers.saved'));
    } catch (error) {
      notify('error', error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={save} className="space-y-3" data-testid="membership-form">
      <Select
        label={t('adminCustomers.level')}
        name="member_level_id"
        value={level}
        onChange={(_, value) => setLevel(value)}
        empty={t('adminCustomers.noLevel')}
        options={levels.map((l) => ({
          value: String(l.id),
          label: t('adminCustomers.levelOption', { name: l.name, percent: l.discount_percent }),
        }))}
      />
      <Checkbox
        label={t('adminCustomers.specialFlag')}
        name="is_special_member"
        checked={special}
        onChange={(_, value) => setSpecial(value)}
      />
      <div className="rounded-md bg-gray-50 p-3 text-xs text-gray-600" data-testid="pricing-help">
        <p className="font-medium text-gray-700">{t('adminCustomers.pricingHelp.title')}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-4">
          {[1, 2, 3, 4].map((n) => (
            <li key={n}>{t(`adminCustomers.pricingHelp.${n}`)}</li>
          ))}
        </ul>
      </div>
      <Button kind="primary" type="submit" disabled={busy} data-testid="membership-save">
        {busy ? t('admin.saving') : t('admin.save')}
      </Button>
    </form>
  );
}

function Blocking({ customer, onSaved }) {
  const t = useT();
  const call = useApiCall();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const toggle = async () => {
    const blocking = !customer.blocked;
    if (blocking && !window.confirm(t('adminCustomers.confirmBlock'))) return;
    try {
      onSaved(await call((api) => setCustomerBlocked(api, customer.id, blocking, customer.version, reason)));
      notify('success', t(blocking ? 'adminCustomers.blockedDone' : 'adminCustomers.unblockedDone'));
    } catch (error) {
      notify('error', error.message);
    }
  };
  return (
    <div className="space-y-3">
      {!customer.blocked && (
        <TextField
          label={t('adminCustomers.blockReason')}
          name="reason"
          value={reason}
          onChange={(_, v) => setReason(v)}
        />
      )}
      <Button kind={customer.blocked ? 'plain' : 'danger'} onClick={toggle} data-testid="customer-block">
        {t(customer.blocked ? 'adminCustomers.unblock' : 'adminCustomers.block')}
      </Button>
    </div>
  );
}

/** /admin/customers/:id: the account, membership, blocking, totals and orders. */
export default function CustomerDetailPage() {
  const t = useT();
  const { id } = useParams();
  const remote = useRemote((api) => fetchCustomer(api, id), [id]);
  const [saved, setSaved] = useState(null);
  const detail = saved && String(saved.customer.id) === id ? saved : remote.data;
  if (remote.error && !detail) return <p className="text-sm text-rose-700">{remote.error.message}</p>;
  if (!detail) return <p className="text-sm text-gray-500">{t('admin.loading')}</p>;
  const { customer, orders } = detail;
  return (
    <div className="space-y-4" data-testid="admin-customer">
      <Link to="/admin/customers" className="text-sm text-rose-600 hover:underline">
        {t('adminCustomers.back')}
      </Link>
      <h1 className="text-xl font-semibold">
        {customer.name}
        {customer.blocked && (
          <span className="ml-2 rounded bg-rose-100 px-2 text-sm text-rose-700" data-testid="customer-blocked">
            {t('adminCustomers.blocked')}
          </span>
        )}
      </h1>
      <div className="grid gap-4 md:grid-cols-3">
        <Panel title={t('adminCustomers.account')}>
          <dl className="space-y-1 text-sm">
            <div>{customer.email}</div>
            <div>
              {t('adminCustomers.since')}: <ShopTime value={customer.created_at} />
            </div>
            <div>
              {t('adminCustomers.col.orders')}: {customer.orders_count}
            </div>
            <div data-testid="customer-spent">
              {t('adminCustomers.col.spent')}: {money(customer.total_spent)}
            </div>
          </dl>
        </Panel>
        <Panel title={t('adminCustomers.membership')}>
          <Membership
            key={`${customer.member_level_id}-${customer.is_special_member}`}
            detail={detail}
            onSaved={setSaved}
          />
        </Panel>
        <Panel title={t('adminCustomers.block')}>
          <Blocking customer={customer} onSaved={setSaved} />
        </Panel>
      </div>
      <Panel title={t('adminCustomers.orders')}>
        {orders.length ? (
          <ul className="divide-y divide-gray-100 text-sm">
            {orders.map((order) => (
              <li key={order.id} className="flex flex-wrap justify-between gap-2 py-2">
                <Link to={`/admin/orders/${order.order_number}`} className="font-mono text-rose-700 hover:underline">
                  {order.order_number}
                </Link>
                <span>{t(`order.status.${order.status}`)}</span>
                <span>{money(order.total_price)}</span>
                <ShopTime value={order.datetime} className="text-gray-500" />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-500">{t('admin.empty')}</p>
        )}
      </Panel>
    </div>
  );
}
