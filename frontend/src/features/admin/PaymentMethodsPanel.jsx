import { useState } from 'react';
import { fetchPaymentMethodChoices, savePaymentMethodChoices } from '../../api/admin.js';
import { useApiCall } from '../../common/useApiCall.js';
import { useRemote } from '../../common/useRemote.js';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { Button, Panel, Select } from './fields.jsx';
import { serverErrors } from '../addresses/validators.js';

/** The choices' form: per method, the provider serving it (empty: the default one). */
function ChoicesForm({ view, onSaved }) {
  const t = useT();
  const call = useApiCall();
  const notify = useNotify();
  const [values, setValues] = useState(() => Object.fromEntries(view.methods.map((m) => [m.method, m.provider || ''])));
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      onSaved(await call((api) => savePaymentMethodChoices(api, values, view.version)));
      notify('success', t('admin.pay.saved'));
    } catch (error) {
      setErrors(serverErrors(error));
      notify('error', error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        {view.methods.map((m) => (
          <div key={m.method}>
            <Select
              label={t(`admin.pay.method.${m.method}`)}
              name={m.method}
              value={values[m.method]}
              onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
              empty={t('admin.pay.method.default')}
              options={m.options.map((kind) => ({ value: kind, label: t(`admin.pay.kind.${kind}`) }))}
              error={errors[m.method]}
            />
            <p className="mt-1 text-xs text-gray-500" data-testid={`payment-method-serving-${m.method}`}>
              {m.serving
                ? t('admin.pay.method.serving', { provider: t(`admin.pay.kind.${m.serving}`) })
                : t('admin.pay.method.none')}
            </p>
          </div>
        ))}
      </div>
      <Button kind="primary" type="submit" disabled={busy}>
        {busy ? t('admin.saving') : t('admin.save')}
      </Button>
    </form>
  );
}

/**
 * Which of the shop's providers serves each payment method: WeChat Pay (direct, or an acquirer),
 * Alipay (direct, Stripe or Antom) and cards (Stripe). The pay page offers methods; a method's
 * provider must be switched on below to serve it.
 */
export default function PaymentMethodsPanel() {
  const t = useT();
  const remote = useRemote((api) => fetchPaymentMethodChoices(api), []);
  const [saved, setSaved] = useState(null);
  const view = saved || remote.data;
  return (
    <Panel title={t('admin.pay.methods')} testId="payment-methods">
      <p className="mb-4 text-sm text-gray-600">{t('admin.pay.methodsIntro')}</p>
      {view ? (
        <ChoicesForm key={view.version} view={view} onSaved={setSaved} />
      ) : (
        <p className="text-sm text-gray-500">{remote.error ? remote.error.message : t('admin.loading')}</p>
      )}
    </Panel>
  );
}
