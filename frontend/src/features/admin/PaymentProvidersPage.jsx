import { useState } from 'react';
import { fetchPaymentGuide, fetchPaymentProviders, savePaymentProvider, testPaymentProvider } from '../../api/admin.js';
import { useApiCall } from '../../common/useApiCall.js';
import { useRemote } from '../../common/useRemote.js';
import { useT } from '../../i18n/index.js';
import { Button, Checkbox, Panel, Select, TextArea, TextField } from './fields.jsx';
import PaymentMethodsPanel from './PaymentMethodsPanel.jsx';
import PaymentsGuideNZ from './PaymentsGuideNZ.jsx';
import { useSecretsForm } from './useSecretsForm.js';

// Secrets that are PEM keys get a text area; the rest are one line.
const LONG = [
  'private_key',
  'public_key',
  'platform_certificate',
  'app_private_key',
  'alipay_public_key',
  'merchant_private_key',
  'antom_public_key',
];
// Settings with a few values (the BFF's provider_configs.py): WeChat Pay's kind of merchant account
// (overseas: NZD through the overseas API; mainland: yuan at the shop's rate) and Alipay's currency.
// Each value with the key of its label.
const CHOICES = {
  api: { global: 'admin.pay.choice.api.global', domestic: 'admin.pay.choice.api.domestic' },
  currency: { NZD: 'admin.pay.choice.currency.NZD', CNY: 'admin.pay.choice.currency.CNY' },
  wallet: { ALIPAY_CN: 'admin.pay.choice.wallet.ALIPAY_CN', CONNECT_WALLET: 'admin.pay.choice.wallet.CONNECT_WALLET' },
};

/** Going live: what to register at the provider, for this shop's host, and a connection test. */
function GoLive({ kind }) {
  const t = useT();
  const call = useApiCall();
  const guide = useRemote((api) => fetchPaymentGuide(api, kind), [kind]);
  const [result, setResult] = useState(null);
  const [busy, setBusy] = useState(false);
  const onTest = async () => {
    setBusy(true);
    setResult(null);
    try {
      setResult(await call((api) => testPaymentProvider(api, kind)));
    } catch (error) {
      setResult({ ok: false, message: error.message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2 border-t border-gray-100 pt-4" data-testid={`payment-golive-${kind}`}>
      {guide.loaded && !guide.error && (
        <>
          <p className="text-sm text-gray-600">{t('admin.pay.register')}</p>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {guide.data.register.map((entry) => (
              <div key={`${entry.label}:${entry.value}`} className="contents">
                <dt className="text-gray-500">{entry.label}</dt>
                <dd className="break-all font-mono">{entry.value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <Button type="button" onClick={onTest} disabled={busy}>
        {busy ? t('admin.pay.testing') : t('admin.pay.test')}
      </Button>
      {result && (
        <p role="status" className={result.ok ? 'text-sm text-emerald-700' : 'text-sm text-rose-700'}>
          {result.message}
        </p>
      )}
    </div>
  );
}

/** One provider's form: public fields shown, secrets write-only (left empty, they stay as they are). */
function ProviderForm({ provider, onSaved }) {
  const t = useT();
  const { values, setValue, secrets, setSecret, errors, busy, submit } = useSecretsForm({
    initial: () => ({ ...provider.settings, enabled: provider.enabled }),
    savedText: t('admin.pay.saved'),
    onSaved,
  });

  const onSubmit = (event) => {
    event.preventDefault();
    submit(values, (api, body) => savePaymentProvider(api, provider.kind, body, provider.version));
  };

  return (
    <Panel title={t(`admin.pay.kind.${provider.kind}`)} testId={`payment-provider-${provider.kind}`}>
      <form onSubmit={onSubmit} className="space-y-4">
        <Checkbox label={t('admin.pay.enabled')} name="enabled" checked={values.enabled} onChange={setValue} />
        {errors.enabled && <p className="text-sm text-rose-600">{errors.enabled}</p>}
        <div className="grid gap-4 sm:grid-cols-2">
          {Object.keys(provider.settings).map((name) =>
            CHOICES[name] ? (
              <Select
                key={name}
                label={t(`admin.pay.field.${name}`)}
                name={name}
                value={values[name] ?? ''}
                onChange={setValue}
                empty={t('admin.pay.choose')}
                options={Object.entries(CHOICES[name]).map(([value, key]) => ({ value, label: t(key) }))}
                error={errors[name]}
              />
            ) : (
              <TextField
                key={name}
                label={t(`admin.pay.field.${name}`)}
                name={name}
                value={values[name] ?? ''}
                onChange={setValue}
                error={errors[name]}
              />
            ),
          )}
        </div>
        {Object.entries(provider.secrets_set).map(([name, isSet]) => {
          const Field = LONG.includes(name) ? TextArea : TextField;
          return (
            <Field
              key={name}
              label={t(`admin.pay.field.${name}`)}
              name={name}
              value={secrets[name] ?? ''}
              onChange={setSecret}
              error={errors[name]}
              hint={isSet ? t('admin.pay.secretSet') : t('admin.pay.secretNotSet')}
              {...(LONG.includes(name) ? { rows: 4 } : { type: 'password', autoComplete: 'off' })}
            />
          );
        })}
        <Button kind="primary" type="submit" disabled={busy}>
          {busy ? t('admin.saving') : t('admin.save')}
        </Button>
      </form>
      <GoLive kind={provider.kind} />
    </Panel>
  );
}

/**
 * /admin/payments: the guide to payments in New Zealand, the provider serving each payment method,
 * and the shop's own accounts (WeChat Pay, Alipay, Stripe, Antom).
 */
export default function PaymentProvidersPage() {
  const t = useT();
  const list = useRemote((api) => fetchPaymentProviders(api), []);
  const [saved, setSaved] = useState({});
  if (!list.loaded) return <p className="text-sm text-gray-500">{t('admin.loading')}</p>;
  if (list.error) return <p className="text-sm text-rose-700">{list.error.message}</p>;
  return (
    <div className="space-y-6" data-testid="payment-providers-page">
      <PaymentsGuideNZ />
      <PaymentMethodsPanel />
      <p className="text-sm text-gray-600">{t('admin.pay.intro')}</p>
      {list.data.map((provider) => {
        const current = saved[provider.kind] || provider;
        return (
          <ProviderForm
            key={`${current.kind}:${current.version}`}
            provider={current}
            onSaved={(p) => setSaved((s) => ({ ...s, [p.kind]: p }))}
          />
        );
      })}
    </div>
  );
}
