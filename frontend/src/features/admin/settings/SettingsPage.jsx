import { useDispatch } from 'react-redux';
import { fetchSettings, saveSettings } from '../../../api/adminContent.js';
import { useT } from '../../../i18n/index.js';
import { shopLoaded } from '../../shop/shopSlice.js';
import { useNotify } from '../../ui/useNotify.js';
import { AuditEntries } from '../AuditLog.jsx';
import { EditorLoading, SaveFailure } from '../EditorStatus.jsx';
import { Button, Checkbox, IntegerField, MoneyField, Panel, Select, TextArea, TextField } from '../fields.jsx';
import { useEditor } from '../useEditor.js';
import ExchangeRateHistory from './ExchangeRateHistory.jsx';
import SettingsPicture from './SettingsPicture.jsx';
import {
  changedBody,
  FEES,
  fromSettings,
  METHOD_FLAGS,
  PICTURES,
  SHIPPING_FLAGS,
  validateSettings,
} from './settingsForm.js';

const LONG = new Set([
  'shop_description',
  'shop_incentive_description1',
  'shop_incentive_description2',
  'shop_incentive_description3',
  'overseas_shipping_note',
  'local_shipping_note',
  'pick_up_note',
]);

function Pictures({ fields, settings, onSettings }) {
  return (
    <div className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3">
      {fields.map((field) => (
        <SettingsPicture key={field} field={field} settings={settings} onSettings={onSettings} />
      ))}
    </div>
  );
}

/** /admin/settings: the shop's name and texts, pictures, exchange rate, shipping, payment, orders. */
export default function SettingsPage() {
  const t = useT();
  const notify = useNotify();
  const dispatch = useDispatch();
  const { saved, setSaved, values, setValues, errors, failure, busy, remote, onChange, submit, onReload } = useEditor({
    load: fetchSettings,
    deps: [],
    toValues: fromSettings,
  });

  // A picture's answer: the BFF's copy (and version) moves on; the form keeps what is typed.
  const onSettings = (settings) => {
    setSaved(settings);
    dispatch(shopLoaded());
  };

  const onSubmit = submit({
    validate: validateSettings,
    request: (form) => {
      const body = changedBody(form, saved);
      if (!Object.keys(body).length) {
        notify('success', t('admin.settings.unchanged'));
        return null;
      }
      return (api) => saveSettings(api, body, saved.version);
    },
    onSaved: (settings) => {
      setSaved(settings);
      setValues(fromSettings(settings));
      // The storefront this tab shows next (and the console's language) follow at once.
      dispatch(shopLoaded());
      notify('success', t('admin.settings.saved'));
    },
  });

  if (!values) return <EditorLoading remote={remote} />;
  const f = (name) => ({
    name,
    label: t(`admin.settings.field.${name}`),
    value: values[name],
    error: errors[name],
    onChange,
    ...(LONG.has(name) ? { className: 'md:col-span-2' } : {}),
  });
  const text = (name) =>
    LONG.has(name) ? <TextArea key={name} {...f(name)} /> : <TextField key={name} {...f(name)} />;
  const flag = (name) => (
    <Checkbox
      key={name}
      label={t(`admin.settings.field.${name}`)}
      name={name}
      checked={values[name]}
      onChange={onChange}
    />
  );
  const saveButton = (
    <Button kind="primary" type="submit" disabled={busy} data-testid="save-settings">
      {busy ? t('admin.saving') : t('admin.save')}
    </Button>
  );
  return (
    <div className="space-y-4" data-testid="admin-settings">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h1 className="text-xl font-semibold">{t('admin.nav.settings')}</h1>
            <p className="text-xs text-gray-500">
              {saved.code} · {t('admin.product.version', { n: saved.version })}
            </p>
          </div>
          {saveButton}
        </div>
        <SaveFailure failure={failure} onReload={onReload} />
        <Panel title={t('admin.settings.section.shop')}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {text('shop_name')}
            {text('shop_slogan')}
            {text('shop_description')}
            {text('qq_number')}
            <Select
              {...f('language')}
              options={[
                { value: 'zh', label: '中文' },
                { value: 'en', label: 'English' },
              ]}
            />
            <TextField {...f('time_zone')} hint={t('admin.settings.hint.time_zone')} />
          </div>
          <Pictures fields={PICTURES.brand} settings={saved} onSettings={onSettings} />
        </Panel>
        <Panel title={t('admin.settings.section.address')} testId="address-panel">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <TextField {...f('site_url')} inputMode="url" hint={t('admin.settings.hint.site_url')} />
            <TextArea {...f('hosts')} rows={3} hint={t('admin.settings.hint.hosts')} />
          </div>
        </Panel>
        <Panel title={t('admin.settings.section.rate')} testId="rate-panel">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <TextField
              {...f('shop_exchange_rate')}
              inputMode="decimal"
              hint={t('admin.settings.hint.shop_exchange_rate')}
            />
            <ExchangeRateHistory version={saved.version} />
          </div>
        </Panel>
        <Panel title={t('admin.settings.section.shipping')}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {FEES.map((name) => (
              <MoneyField key={name} {...f(name)} />
            ))}
            <div className="flex flex-col gap-2 md:col-span-2">
              {SHIPPING_FLAGS.map(flag)}
              {METHOD_FLAGS.map(flag)}
              {errors.is_overseas_shipping && (
                <p className="text-sm text-rose-600" data-testid="error-is_overseas_shipping">
                  {errors.is_overseas_shipping}
                </p>
              )}
            </div>
            {['overseas_shipping_note', 'local_shipping_note', 'pick_up_note'].map(text)}
          </div>
        </Panel>
        <Panel title={t('admin.settings.section.payment')}>
          {flag('is_direct_payment_enabled')}
          <p className="mt-1 text-xs text-gray-500">{t('admin.settings.hint.is_direct_payment_enabled')}</p>
          <Pictures fields={[...PICTURES.payment, ...PICTURES.contact]} settings={saved} onSettings={onSettings} />
        </Panel>
        <Panel title={t('admin.settings.section.orders')}>
          <IntegerField
            {...f('unpaid_order_timeout_minutes')}
            hint={t('admin.settings.hint.unpaid_order_timeout_minutes')}
          />
        </Panel>
        <Panel title={t('admin.settings.section.dashboard')} testId="dashboard-settings">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <IntegerField {...f('low_stock_threshold')} hint={t('admin.settings.hint.low_stock_threshold')} />
            <div>
              {flag('daily_report_enabled')}
              <p className="mt-1 text-xs text-gray-500">{t('admin.settings.hint.daily_report_enabled')}</p>
            </div>
          </div>
        </Panel>
        <Panel title={t('admin.settings.section.incentives')}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {text('shop_incentive_title')}
            {[1, 2, 3].flatMap((n) => [text(`shop_incentive_name${n}`), text(`shop_incentive_description${n}`)])}
          </div>
          <Pictures fields={PICTURES.incentives} settings={saved} onSettings={onSettings} />
        </Panel>
        <div className="flex justify-end">{saveButton}</div>
      </form>
      <Panel title={t('admin.section.history')}>
        <AuditEntries objectType="shop" key={saved.version} />
      </Panel>
    </div>
  );
}
