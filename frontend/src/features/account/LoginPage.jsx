import { useState, useSyncExternalStore } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDispatch, useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { AuthCard, EmailField, Field, SubmitButton, serverFieldErrors, useAuthForm } from './AuthForm.jsx';
import { ADMIN_HOME, REDIRECT_PARAM, safeRedirect } from './redirect.js';
import { storeBrowserToken } from '../../api/client.js';
import { loginSubmitted } from './login.js';
import { userLoggedIn } from './userSlice.js';
import WechatSigninButtons from '../wechat/WechatSigninButtons.jsx';

/** The console sign-in's second step: a code for the challenge the password got (here, not in
 * session.js: only this page needs it, and session.js is in every first load). */
const codeSubmitted =
  ({ challenge, code }) =>
  async (dispatch, getState, { api }) => {
    const { adminLoginCode } = await import('../../api/auth.js');
    const { token, user } = await adminLoginCode(api, { challenge, code });
    storeBrowserToken(token);
    dispatch(userLoggedIn(user));
    return user;
  };
import { selectIsLoggedIn, selectSessionKnown, selectUser } from './userSlice.js';
import { validateLogin } from './validators.js';

const noSubscription = () => () => {};
const onClient = () => true;
const onServer = () => false;

/**
 * Customer login (/login) and admin login (/admin/login, `admin`). On success it
 * goes to the saved location (?redirect=, relative paths only), else / (the console, /admin,
 * for the admin login).
 */
export default function LoginPage({ admin = false }) {
  const t = useT();
  const notify = useNotify();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const loggedIn = useSelector(selectIsLoggedIn);
  const isAdmin = Boolean(useSelector(selectUser)?.is_admin);
  const known = useSelector(selectSessionKnown);
  const { form, errors, setErrors, busy, setBusy, change } = useAuthForm({ email: '', password: '' });
  // Set while this form signs in, so the signed-in redirect below does not race its own navigation.
  const [signingIn, setSigningIn] = useState(false);
  // Set when the password was right and the account signs in with two-factor: the code is next.
  const [challenge, setChallenge] = useState(null);
  const [code, setCode] = useState('');
  // The emailed unlock link lands here (the BFF's /api/auth/unlock): 1 lifted, 0 a bad link.
  const unlocked = params.get('unlocked');
  const target = safeRedirect(params.get(REDIRECT_PARAM), admin ? ADMIN_HOME : '/');
  // The notice travels in the history entry's state, which a reload keeps but the server never
  // sees: left out while hydrating (the server's snapshot), so the first client render matches
  // the server's HTML, and shown in the render right after.
  const hydrated = useSyncExternalStore(noSubscription, onClient, onServer);
  const notice = hydrated ? location.state?.notice : null;

  // Someone already signed in has nothing to do here (but not while this form signs them in);
  // on the admin login, only the admin: a member may still sign in as the shop's admin.
  if (known && loggedIn && (isAdmin || !admin) && !signingIn) return <Navigate to={target} replace />;

  const submit = async (event) => {
    event.preventDefault();
    const found = validateLogin(form, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setSigningIn(true);
    try {
      const signedIn = await dispatch(loginSubmitted({ email: form.email.trim(), password: form.password, admin }));
      if (signedIn?.challenge) {
        setChallenge(signedIn.challenge);
        setSigningIn(false);
        setBusy(false);
        return;
      }
      notify('success', t('auth.loggedIn'));
      navigate(target, { replace: true });
    } catch (error) {
      setSigningIn(false);
      setBusy(false);
      setErrors(serverFieldErrors(error));
      notify('error', error?.message || t('auth.loginFailed'));
    }
  };

  const submitCode = async (event) => {
    event.preventDefault();
    if (!code.trim()) {
      setErrors({ code: t('auth.codeRequired') });
      return;
    }
    setBusy(true);
    setSigningIn(true);
    try {
      await dispatch(codeSubmitted({ challenge, code: code.trim() }));
      notify('success', t('auth.loggedIn'));
      navigate(target, { replace: true });
    } catch (error) {
      setSigningIn(false);
      setBusy(false);
      if (error?.code === 'two_factor_challenge_invalid') setChallenge(null);
      setErrors({ code: error?.message || t('auth.loginFailed') });
    }
  };

  if (challenge) {
    return (
      <AuthCard title={t('auth.codeTitle')} testId="two-factor-page">
        <p className="mb-4 text-sm text-gray-600">{t('auth.codeHint')}</p>
        <form noValidate onSubmit={submitCode}>
          <Field
            label={t('auth.code')}
            name="code"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(_, value) => setCode(value)}
            error={errors.code}
          />
          <SubmitButton busy={busy} busyText={t('auth.submitting')}>
            {t('auth.submitCode')}
          </SubmitButton>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t(admin ? 'auth.adminTitle' : 'auth.loginTitle')}
      testId={admin ? 'admin-login-page' : 'login-page'}
      footer={
        admin ? null : (
          <>
            {t('auth.noAccount')}{' '}
            <Link
              to={target === '/' ? '/register' : `/register?${REDIRECT_PARAM}=${encodeURIComponent(target)}`}
              className="font-medium text-rose-600 hover:underline"
            >
              {t('auth.register')}
            </Link>
          </>
        )
      }
    >
      {unlocked && (
        <p
          role="status"
          className={`mb-4 rounded-lg px-3 py-2 text-sm ${unlocked === '1' ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}
          data-testid="login-unlocked"
        >
          {t(unlocked === '1' ? 'auth.unlocked' : 'auth.unlockInvalid')}
        </p>
      )}
      {notice && (
        <p
          role="status"
          className="mb-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
          data-testid="login-notice"
        >
          {notice}
        </p>
      )}
      <form noValidate onSubmit={submit}>
        <EmailField form={form} errors={errors} change={change} />
        <Field
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.password}
          onChange={change}
          error={errors.password}
        />
        {!admin && (
          <div className="mb-2 text-right text-sm">
            <Link to="/forgot-password" className="text-rose-600 hover:underline">
              {t('auth.forgotLink')}
            </Link>
          </div>
        )}
        <SubmitButton busy={busy} busyText={t('auth.submitting')}>
          {t('auth.submitLogin')}
        </SubmitButton>
      </form>
      {!admin && (
        <div className="mt-4" data-testid="wechat-signin-options">
          <WechatSigninButtons redirect={target} />
        </div>
      )}
    </AuthCard>
  );
}
