import { useNavigate } from 'react-router';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { requestPasswordReset } from '../../api/auth.js';
import { AuthCard, EmailField, SubmitButton, useAuthForm } from './AuthForm.jsx';
import { useApiCall } from '../../common/useApiCall.js';
import { validateForgotPassword } from './validators.js';

export default function ForgotPasswordPage() {
  const t = useT();
  const notify = useNotify();
  const navigate = useNavigate();
  const call = useApiCall();
  const { form, errors, setErrors, busy, setBusy, change } = useAuthForm({ email: '' });
  const submit = async (event) => {
    event.preventDefault();
    const found = validateForgotPassword(form, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const answer = await call((api) => requestPasswordReset(api, { email: form.email.trim() }));
      const message = answer?.message || t('auth.resetSent');
      notify('success', message);
      navigate('/login', { state: { notice: message } });
    } catch (error) {
      setBusy(false);
      notify('error', error?.data?.message || t('auth.emailNotRegistered'));
    }
  };

  return (
    <AuthCard title={t('auth.forgotTitle')} testId="forgot-password-page">
      <p className="mb-4 text-sm text-gray-600">{t('auth.forgotIntro')}</p>
      <form noValidate onSubmit={submit}>
        <EmailField form={form} errors={errors} change={change} />
        <SubmitButton busy={busy} busyText={t('auth.submitting')}>
          {t('auth.sendReset')}
        </SubmitButton>
        <button
          type="button"
          onClick={() => navigate(-1)}
          className="mt-3 w-full rounded-full px-5 py-2.5 text-sm ring-1 ring-gray-300 hover:bg-gray-100"
        >
          {t('auth.back')}
        </button>
      </form>
    </AuthCard>
  );
}
