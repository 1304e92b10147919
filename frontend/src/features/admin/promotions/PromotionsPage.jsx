import { useState } from 'react';
import { useSelector } from 'react-redux';
import {
  createPromotion,
  deletePromotion,
  listPromotions,
  promotionUses,
  setPromotionPaused,
} from '../../../api/adminPromotions.js';
import { formatNzd } from '../../../common/display.js';
import { useApiCall } from '../../../common/useApiCall.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import ShopTime from '../../shop/ShopTime.jsx';
import { selectTimeZone } from '../../shop/shopSlice.js';
import { useNotify } from '../../ui/useNotify.js';
import { serverErrors } from '../../addresses/validators.js';
import { fromLocalInput, parseIds } from '../content/kinds.js';
import { Button, MoneyField, IntegerField, Panel, Select, TextField } from '../fields.jsx';
import ProductPicker from '../ProductPicker.jsx';

const METHODS = ['oversea-direct', 'local-direct', 'local-pick'];
const blankToNull = (value) => (String(value ?? '').trim() === '' ? null : String(value).trim());

/** What each kind's form starts with, and the body it sends. */
const FORMS = {
  codes: {
    initial: {
      code: '',
      kind: 'percent',
      value: '',
      min_spend: '',
      starts_at: '',
      ends_at: '',
      usage_limit: '',
      per_member_limit: '',
      scope: 'all',
      scope_ids: '',
    },
    body: (v, timeZone) => ({
      code: v.code.trim(),
      kind: v.kind,
      value: v.value,
      min_spend: blankToNull(v.min_spend) ?? '0',
      starts_at: fromLocalInput(v.starts_at, timeZone) ?? null,
      ends_at: fromLocalInput(v.ends_at, timeZone) ?? null,
      usage_limit: blankToNull(v.usage_limit),
      per_member_limit: blankToNull(v.per_member_limit),
      scope: v.scope,
      scope_ids: v.scope === 'all' ? [] : parseIds(v.scope_ids) || [],
    }),
  },
  tiers: {
    initial: { threshold: '', saving: '', starts_at: '', ends_at: '' },
    body: (v, timeZone) => ({
      threshold: v.threshold,
      saving: v.saving,
      starts_at: fromLocalInput(v.starts_at, timeZone) ?? null,
      ends_at: fromLocalInput(v.ends_at, timeZone) ?? null,
    }),
  },
  freeShipping: {
    initial: { shipping_type: METHODS[0], threshold: '' },
    body: (v) => ({ shipping_type: v.shipping_type, threshold: v.threshold }),
  },
};

function useCreateForm(kind, onCreated) {
  const t = useT();
  const call = useApiCall();
  const notify = useNotify();
  const timeZone = useSelector(selectTimeZone);
  const [values, setValues] = useState(FORMS[kind].initial);
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const onChange = (name, value) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    try {
      await call((api) => createPromotion(api, kind, FORMS[kind].body(values, timeZone)));
      setValues(FORMS[kind].initial);
      setErrors({});
      notify('success', t('adminPromotions.created'));
      onCreated();
    } catch (error) {
      setErrors(serverErrors(error));
      notify('error', error.message);
    } finally {
      setBusy(false);
    }
  };
  return { values, errors, busy, onChange, submit };
}

function CreateForm({ kind, onCreated, children }) {
  const t = useT();
  const form = useCreateForm(kind, onCreated);
  return (
    <form
      onSubmit={form.submit}
      noValidate
      className="mt-4 grid gap-3 border-t pt-4 sm:grid-cols-3"
      data-testid={`new-${kind}`}
    >
      {children(form)}
      <div className="flex items-end">
        <Button kind="primary" type="submit" disabled={form.busy} data-testid={`create-${kind}`}>
          {t('adminPromotions.create')}
        </Button>
      </div>
    </form>
  );
}

const field = (form, name) => ({
  name,
  value: form.values[name],
  onChange: form.onChange,
  error: form.errors[name],
  'data-testid': `promo-${name}`,
});

function DateFields({ form }) {
  const t = useT();
  return (
    <>
      <TextField type="datetime-local" label={t('adminPromotions.field.startsAt')} {...field(form, 'starts_at')} />
      <TextField type="datetime-local" label={t('adminPromotions.field.endsAt')} {...field(form, 'ends_at')} />
    </>
  );
}

function CodeFields({ form }) {
  const t = useT();
  const scopes = ['all', 'categories', 'brands', 'products'];
  return (
    <>
      <TextField label={t('adminPromotions.field.code')} {...field(form, 'code')} />
      <Select
        label={t('adminPromotions.field.kind')}
        options={['percent', 'amount'].map((k) => ({ value: k, label: t(`adminPromotions.kind.${k}`) }))}
        {...field(form, 'kind')}
      />
      <MoneyField label={t('adminPromotions.field.value')} {...field(form, 'value')} />
      <MoneyField label={t('adminPromotions.field.minSpend')} {...field(form, 'min_spend')} />
      <IntegerField label={t('adminPromotions.field.usageLimit')} {...field(form, 'usage_limit')} />
      <IntegerField label={t('adminPromotions.field.perMemberLimit')} {...field(form, 'per_member_limit')} />
      <DateFields form={form} />
      <Select
        label={t('adminPromotions.field.scope')}
        options={scopes.map((s) => ({ value: s, label: t(`adminPromotions.scope.${s}`) }))}
        {...field(form, 'scope')}
      />
      {form.values.scope === 'products' && (
        <ProductPicker
          label={t('adminPromotions.scope.products')}
          className="sm:col-span-3"
          {...field(form, 'scope_ids')}
        />
      )}
      {form.values.scope !== 'all' && form.values.scope !== 'products' && (
        <TextField label={t('adminPromotions.field.scopeIds')} {...field(form, 'scope_ids')} />
      )}
    </>
  );
}

function TierFields({ form }) {
  const t = useT();
  return (
    <>
      <MoneyField label={t('adminPromotions.field.threshold')} {...field(form, 'threshold')} />
      <MoneyField label={t('adminPromotions.field.saving')} {...field(form, 'saving')} />
      <DateFields form={form} />
    </>
  );
}

function FreeShippingFields({ form }) {
  const t = useT();
  return (
    <>
      <Select
        label={t('adminPromotions.field.method')}
        options={METHODS.map((m) => ({ value: m, label: t(`ship.${m}`) }))}
        {...field(form, 'shipping_type')}
      />
      <MoneyField label={t('adminPromotions.field.freeFrom')} {...field(form, 'threshold')} />
    </>
  );
}

/** What a rule does, in a line. */
function ruleText(t, kind, rule) {
  if (kind === 'tiers')
    return t('adminPromotions.tierRule', { threshold: formatNzd(rule.threshold), saving: formatNzd(rule.saving) });
  if (kind === 'freeShipping')
    return `${t(`ship.${rule.shipping_type}`)} · ${t('adminPromotions.freeRule', { threshold: formatNzd(rule.threshold) })}`;
  const off =
    rule.kind === 'percent'
      ? t('adminPromotions.percentRule', { value: Number(rule.value) })
      : t('adminPromotions.amountRule', { value: formatNzd(rule.value) });
  const min =
    Number(rule.min_spend) > 0 ? ` · ${t('adminPromotions.minSpendRule', { value: formatNzd(rule.min_spend) })}` : '';
  return `${rule.code} · ${off}${min} · ${t(`adminPromotions.scope.${rule.scope}`)}`;
}

function Uses({ kind, rule }) {
  const t = useT();
  const uses = useRemote((api) => promotionUses(api, kind, rule.id), [kind, rule.id, rule.version]);
  if (!uses.data) return null;
  return (
    <div className="mt-2 rounded bg-gray-50 p-3 text-xs" data-testid={`uses-${kind}-${rule.id}`}>
      <p className="font-medium">
        {t('adminPromotions.usesSummary', { count: uses.data.count, saved: formatNzd(uses.data.saved) })}
      </p>
      <ul className="mt-1 space-y-0.5">
        {uses.data.orders.map((o) => (
          <li key={o.order_number}>
            {o.order_number} · {o.email} · −NZ${formatNzd(o.amount)} · <ShopTime value={o.datetime} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function RuleRow({ kind, rule, onChanged }) {
  const t = useT();
  const call = useApiCall();
  const notify = useNotify();
  const [showUses, setShowUses] = useState(false);
  const [busy, setBusy] = useState(false);
  const act = (request, message) => async () => {
    setBusy(true);
    try {
      await call(request);
      notify('success', t(message));
    } catch (error) {
      notify('error', error.message);
    } finally {
      setBusy(false);
      onChanged();
    }
  };
  const limit = (n) => (n == null ? t('adminPromotions.unlimited') : n);
  return (
    <li className="py-3" data-testid={`${kind}-row`}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <div>
          <p className="font-medium">{ruleText(t, kind, rule)}</p>
          <p className="text-xs text-gray-500">
            <span className={rule.paused ? 'text-amber-700' : 'text-emerald-700'} data-testid="promo-status">
              {rule.paused ? t('adminPromotions.paused') : t('adminPromotions.running')}
            </span>
            {kind === 'codes' && (
              <span data-testid="promo-used">
                {' · '}
                {t('adminPromotions.col.used')} {rule.used_count} / {limit(rule.usage_limit)}
                {rule.per_member_limit != null &&
                  ` (${t('adminPromotions.field.perMemberLimit')} ${rule.per_member_limit})`}
              </span>
            )}
            {rule.starts_at && (
              <>
                {' · '}
                {t('adminPromotions.field.startsAt')} <ShopTime value={rule.starts_at} />
              </>
            )}
            {rule.ends_at && (
              <>
                {' · '}
                {t('adminPromotions.field.endsAt')} <ShopTime value={rule.ends_at} />
              </>
            )}
          </p>
        </div>
        <div className="flex gap-2">
          <Button small onClick={() => setShowUses((s) => !s)} data-testid="promo-uses">
            {showUses ? t('adminPromotions.hideUses') : t('adminPromotions.uses')}
          </Button>
          <Button
            small
            disabled={busy}
            onClick={act(
              (api) => setPromotionPaused(api, kind, rule.id, !rule.paused, rule.version),
              'adminPromotions.saved',
            )}
            data-testid="promo-pause"
          >
            {rule.paused ? t('adminPromotions.resume') : t('adminPromotions.pause')}
          </Button>
          <Button
            small
            kind="danger"
            disabled={busy}
            onClick={act((api) => deletePromotion(api, kind, rule.id, rule.version), 'adminPromotions.deleted')}
            data-testid="promo-delete"
          >
            {t('adminPromotions.delete')}
          </Button>
        </div>
      </div>
      {showUses && <Uses kind={kind} rule={rule} />}
    </li>
  );
}

function RuleList({ kind, title, Fields }) {
  const t = useT();
  const list = useRemote((api) => listPromotions(api, kind), [kind]);
  const rules = list.data || [];
  return (
    <Panel title={title} testId={`promotions-${kind}`}>
      {list.loaded && !rules.length && <p className="text-sm text-gray-500">{t('adminPromotions.none')}</p>}
      <ul className="divide-y">
        {rules.map((rule) => (
          <RuleRow key={rule.id} kind={kind} rule={rule} onChanged={list.reload} />
        ))}
      </ul>
      <CreateForm kind={kind} onCreated={list.reload}>
        {(form) => <Fields form={form} />}
      </CreateForm>
    </Panel>
  );
}

/**
 * /admin/promotions: discount codes, 满减 spend tiers and free-shipping thresholds per shipping
 * method; each created, paused or resumed, deleted while no order used it, and its use shown
 * (the orders that applied it and what it saved). The BFF checks every rule.
 */
export default function PromotionsPage() {
  const t = useT();
  return (
    <div className="space-y-6" data-testid="admin-promotions">
      <h1 className="text-xl font-semibold">{t('adminPromotions.title')}</h1>
      <RuleList kind="codes" title={t('adminPromotions.codes')} Fields={CodeFields} />
      <RuleList kind="tiers" title={t('adminPromotions.tiers')} Fields={TierFields} />
      <RuleList kind="freeShipping" title={t('adminPromotions.freeShipping')} Fields={FreeShippingFields} />
    </div>
  );
}
