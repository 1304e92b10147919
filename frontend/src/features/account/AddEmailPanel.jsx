import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import WechatSigninButtons from '../wechat/WechatSigninButtons.jsx';
import { EmailField, NewPasswordFields, serverFieldErrors, useAuthForm } from './AuthForm.jsx';
import {
  CONFIRM_EMAIL_RETURN,
  WECHAT_SIGNIN_REQUIRED,
  confirmationRequested,
  emailAdded,
  isConfirmed,
} from './personalData.js';
import { validateAddEmail } from './validators.js';

const panel = 'mt-6 rounded-xl bg-white p-6 ring-1 ring-gray-100';

/**
 * Personal centre, for a member who signed up with WeChat and has no email: add one, so order mail
 * reaches them, and, if they like, a password to sign in with it too. They have no password to
 * confirm with, so the BFF asks for a WeChat sign-in of the last 10 minutes: without one the panel
 * offers it (WeChat's page, then back here) instead of the form.
 */
export default function AddEmailPanel() {
  const dispatch = useDispatch();
  const [confirmation, setConfirmation] = useState(null);

  useEffect(() => {
    let live = true;
    dispatch(confirmationRequested()).then((answer) => live && setConfirmation(answer));
    return () => {
      live = false;
    };
  }, [dispatch]);

  return (
    <AddEmailView
      confirmation={confirmation}
      onStale={() => setConfirmation((known) => ({ ...known, confirmed_until: null }))}
    />
  );
}

/** The panel for a known `confirmation`: the WeChat sign-in to confirm first, or the form. */
export function AddEmailView({ confirmation, onStale = () => {} }) {
  const t = useT();
  if (!confirmation) return null;
  return (
    <section className={panel} data-testid="add-email">
      <h2 className="text-lg font-semibold">{t('addEmail.title')}</h2>
      <p className="mt-2 text-sm text-gray-600">{t('addEmail.intro')}</p>
      {isConfirmed(confirmation) ? (
        <AddEmailForm onStale={onStale} />
      ) : (
        <div className="mt-3" data-testid="add-email-confirm">
          <p className="mb-3 text-sm text-gray-700">{t('addEmail.confirmFirst')}</p>
          <WechatSigninButtons
            redirect={CONFIRM_EMAIL_RETURN}
            label={t('account.wechatAgain')}
            className="rounded-lg bg-emerald-600 px-4 py-2 text-sm font-medium text-white hover:bg-emerald-700 disabled:opacity-50"
          />
        </div>
      )}
    </section>
  );
}

function AddEmailForm({ onStale }) {
  const t = useT();
  const dispatch = useDispatch();
  const notify = useNotify();
  const { form, errors, setErrors, busy, setBusy, change } = useAuthForm({
    email: '',
    password: '',
    password_confirmation: '',
  });

  const submit = async (event) => {
    event.preventDefault();
    const found = validateAddEmail(form, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const answer = await dispatch(emailAdded({ ...form, email: form.email.trim() }));
      notify('success', answer.message || t('addEmail.done'));
    } catch (error) {
      setBusy(false);
      if (error?.code === WECHAT_SIGNIN_REQUIRED) onStale();
      setErrors(serverFieldErrors(error));
      notify('error', error?.message || t('addEmail.failed'));
    }
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 max-w-sm" data-testid="add-email-form">
      <EmailField form={form} errors={errors} change={change} />
      <p className="mb-3 text-xs text-gray-500">{t('addEmail.passwordHint')}</p>
      <NewPasswordFields
        form={form}
        errors={errors}
        change={change}
        label={t('addEmail.password')}
        confirm={Boolean(form.password)}
      />
      <button
        type="submit"
        disabled={busy}
        data-testid="add-email-submit"
        className="rounded-lg bg-gray-900 px-4 py-2 text-sm font-medium text-white hover:bg-gray-700 disabled:opacity-50"
      >
        {busy ? t('auth.submitting') : t('addEmail.submit')}
      </button>
    </form>
  );
}
