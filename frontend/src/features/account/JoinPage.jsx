import { useNavigate, useSearchParams } from 'react-router';
import { acceptInvitation, fetchInvitation } from '../../api/adminPeople.js';
import { useApiCall } from '../../common/useApiCall.js';
import { useRemote } from '../../common/useRemote.js';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { AuthCard, Field, NewPasswordFields, SubmitButton, serverFieldErrors, useAuthForm } from './AuthForm.jsx';
import { ADMIN_LOGIN_PATH } from './redirect.js';

/** /admin/join?token= : the owner's invitation to the console; the person chooses a name and password. */
export default function JoinPage() {
  const t = useT();
  const notify = useNotify();
  const navigate = useNavigate();
  const call = useApiCall();
  const [params] = useSearchParams();
  const token = params.get('token') || '';
  const invitation = useRemote((api) => (token ? fetchInvitation(api, token) : Promise.reject(new Error())), [token]);
  const { form, errors, setErrors, busy, setBusy, change } = useAuthForm({
    name: '',
    password: '',
    password_confirmation: '',
  });
  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    try {
      await call((api) => acceptInvitation(api, { token, ...form }));
      navigate(ADMIN_LOGIN_PATH, { replace: true, state: { notice: t('auth.join.done') } });
    } catch (error) {
      setBusy(false);
      setErrors(serverFieldErrors(error));
      notify('error', error?.message);
    }
  };
  const info = invitation.data;
  return (
    <AuthCard title={t('auth.join.title')} testId="join-page">
      {invitation.error && (
        <p className="text-sm text-rose-600" data-testid="join-invalid">
          {invitation.error.message || t('auth.resetLinkInvalid')}
        </p>
      )}
      {info && (
        <>
          <p className="mb-4 break-all text-sm text-gray-600">
            {t('auth.join.intro', { role: t(`auth.role.${info.role}`), shop: info.shop_name, email: info.email })}
          </p>
          <form noValidate onSubmit={submit}>
            <Field
              label={t('auth.name')}
              name="name"
              autoComplete="name"
              value={form.name}
              onChange={change}
              error={errors.name}
            />
            <NewPasswordFields form={form} errors={errors} change={change} />
            <SubmitButton busy={busy} busyText={t('auth.submitting')}>
              {t('auth.join.submit')}
            </SubmitButton>
          </form>
        </>
      )}
    </AuthCard>
  );
}
