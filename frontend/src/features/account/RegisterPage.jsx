import { Link, useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { useApiCall } from '../../common/useApiCall.js';
import { register } from '../../api/auth.js';
import {
  AuthCard,
  EmailField,
  Field,
  NewPasswordFields,
  SubmitButton,
  serverFieldErrors,
  useAuthForm,
} from './AuthForm.jsx';
import { validateRegister } from './validators.js';
import { loginUrl, REDIRECT_PARAM } from './redirect.js';

const EMPTY = { name: '', email: '', password: '', password_confirmation: '', acceptTerms: false };

export default function RegisterPage() {
  const t = useT();
  const notify = useNotify();
  const navigate = useNavigate();
  const call = useApiCall();
  // Where the shopper was going before signing up: the login page takes them there afterwards.
  const [params] = useSearchParams();
  const loginPage = loginUrl(params.get(REDIRECT_PARAM));
  const { form, errors, setErrors, busy, setBusy, change } = useAuthForm(EMPTY);
  const submit = async (event) => {
    event.preventDefault();
    const found = validateRegister(form, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await call((api) => register(api, { ...form, name: form.name.trim(), email: form.email.trim() }));
      notify('success', t('auth.registered'));
      navigate(loginPage, { state: { notice: t('auth.registered') } });
    } catch (error) {
      setBusy(false);
      setErrors(serverFieldErrors(error));
      notify('error', error?.message || t('auth.registerFailed'));
    }
  };

  const linkClass = 'text-rose-600 underline';
  return (
    <AuthCard
      title={t('auth.registerTitle')}
      testId="register-page"
      footer={
        <>
          {t('auth.haveAccount')}{' '}
          <Link to={loginPage} className="font-medium text-rose-600 hover:underline">
            {t('auth.login')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit}>
        <Field
          label={t('auth.name')}
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={change}
          error={errors.name}
        />
        <EmailField form={form} errors={errors} change={change} />
        <NewPasswordFields form={form} errors={errors} change={change} />
        <div className="mb-4">
          <label className="flex items-start gap-2 text-sm text-gray-700">
            <input
              type="checkbox"
              name="acceptTerms"
              checked={form.acceptTerms}
              onChange={(e) => change('acceptTerms', e.target.checked)}
              className="mt-0.5 h-4 w-4 rounded border-gray-300"
              aria-invalid={Boolean(errors.acceptTerms)}
            />
            <span>
              {t('auth.acceptTermsBefore')}{' '}
              <a href="/terms" target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t('terms.title')}
              </a>{' '}
              {t('auth.and')}{' '}
              <a href="/privacy-policy" target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t('privacy.title')}
              </a>
            </span>
          </label>
          {errors.acceptTerms && (
            <p className="mt-1 text-sm text-rose-600" data-testid="error-acceptTerms">
              {errors.acceptTerms}
            </p>
          )}
        </div>
        <SubmitButton busy={busy} busyText={t('auth.submitting')}>
          {t('auth.submitRegister')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
