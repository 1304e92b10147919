import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDispatch, useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { AuthCard, Field, SubmitButton, serverFieldErrors, useAuthForm } from './AuthForm.jsx';
import { ADMIN_HOME, REDIRECT_PARAM, safeRedirect } from './redirect.js';
import { loginSubmitted } from './session.js';
import { selectIsLoggedIn, selectSessionKnown, selectUser } from './userSlice.js';
import { validateLogin } from './validators.js';

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
  const target = safeRedirect(params.get(REDIRECT_PARAM), admin ? ADMIN_HOME : '/');

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
      await dispatch(loginSubmitted({ email: form.email.trim(), password: form.password, admin }));
      notify('success', t('auth.loggedIn'));
      navigate(target, { replace: true });
    } catch (error) {
      setSigningIn(false);
      setBusy(false);
      setErrors(serverFieldErrors(error));
      notify('error', error?.message || t('auth.loginFailed'));
    }
  };

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
      {location.state?.notice && (
        <p
          role="status"
          className="mb-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
          data-testid="login-notice"
        >
          {location.state.notice}
        </p>
      )}
      <form noValidate onSubmit={submit}>
        <Field
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={change}
          error={errors.email}
        />
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
    </AuthCard>
  );
}
