import { useNavigate, useSearchParams } from 'react-router';
import { useDispatch } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { resetPassword } from '../../api/auth.js';
import { AuthCard, NewPasswordFields, SubmitButton, serverFieldErrors, useAuthForm } from './AuthForm.jsx';
import { sessionEnded } from './session.js';
import { useApiCall } from '../../common/useApiCall.js';
import { passwordsMismatch, validateResetPassword } from './validators.js';

/** /reset-password?token=&email= : the link of the reset mail. */
export default function ResetPasswordPage() {
  const t = useT();
  const notify = useNotify();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const call = useApiCall();
  const [params] = useSearchParams();
  const token = params.get('token') || '';
  const email = params.get('email') || '';
  const { form, errors, setErrors, busy, setBusy, change } = useAuthForm({ password: '', password_confirmation: '' });
  const submit = async (event) => {
    event.preventDefault();
    const found = validateResetPassword(form, t);
    setErrors(found);
    if (passwordsMismatch(form)) notify('error', t('auth.resetMismatch'));
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await call((api) => resetPassword(api, { email, token, ...form }));
      // A reset ends every session of the account, this browser's too.
      dispatch(sessionEnded());
      notify('success', t('auth.resetDone'));
      navigate('/login', { replace: true, state: { notice: t('auth.resetDone') } });
    } catch (error) {
      setBusy(false);
      setErrors(serverFieldErrors(error));
      notify('error', error?.data?.message || t('auth.resetFailed'));
    }
  };

  return (
    <AuthCard title={t('auth.resetTitle')} testId="reset-password-page">
      {token && email ? (
        <>
          <p className="mb-4 break-all text-sm text-gray-600" data-testid="reset-account">
            {t('auth.resetAccount', { email })}
          </p>
          <form noValidate onSubmit={submit}>
            <NewPasswordFields form={form} errors={errors} change={change} />
            <SubmitButton busy={busy} busyText={t('auth.submitting')}>
              {t('auth.resetSubmit')}
            </SubmitButton>
          </form>
        </>
      ) : (
        <p className="text-sm text-rose-600" data-testid="reset-invalid">
          {t('auth.resetLinkInvalid')}
        </p>
      )}
    </AuthCard>
  );
}
