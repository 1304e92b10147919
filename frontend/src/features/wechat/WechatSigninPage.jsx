import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDispatch } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { useApiCall } from '../../common/useApiCall.js';
import { useNotify } from '../ui/useNotify.js';
import { storeBrowserToken } from '../../api/client.js';
import { bindExistingWithWechat, finishWechatSignin, registerWithWechat } from '../../api/wechatSignin.js';
import { AuthCard, EmailField, Field, SubmitButton, serverFieldErrors, useAuthForm } from '../account/AuthForm.jsx';
import { userLoggedIn } from '../account/userSlice.js';
import { safeRedirect } from '../account/redirect.js';

/**
 * /wechat-signin: WeChat sends the shopper back here with its code and state. The BFF checks the
 * state against this browser's cookie and signs them in (or binds WeChat to them); a WeChat user
 * the shop does not know yet continues as a new member, or signs in to their account once to bind.
 */
export default function WechatSigninPage() {
  const t = useT();
  const call = useApiCall();
  const notify = useNotify();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState('');
  const [fresh, setFresh] = useState(null); // { ticket, nickname, redirect } of a new WeChat user
  const [existing, setExisting] = useState(false);
  const { form, errors, setErrors, busy, setBusy, change } = useAuthForm({ email: '', password: '' });
  const sent = useRef(false); // a code is good once
  const code = params.get('code') || '';
  const state = params.get('state') || '';

  const signedIn = ({ token, user }, redirect) => {
    storeBrowserToken(token);
    dispatch(userLoggedIn(user));
    notify('success', t('wechat.signedIn'));
    navigate(safeRedirect(redirect, '/'), { replace: true });
  };

  useEffect(() => {
    if (sent.current || !code) return;
    sent.current = true;
    call((api) => finishWechatSignin(api, { code, state }))
      .then((answer) => {
        if (answer.status === 'retry') return window.location.replace(answer.url);
        if (answer.status === 'new') return setFresh(answer);
        if (answer.status === 'bound') {
          notify('success', answer.message);
          return navigate(safeRedirect(answer.redirect, '/user-profile'), { replace: true });
        }
        return signedIn(answer.data, answer.redirect);
      })
      .catch((error) => setFailed(error?.message || t('wechat.failed')));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the code WeChat gave
  }, [code, state]);

  const register = async () => {
    setBusy(true);
    try {
      signedIn(await call((api) => registerWithWechat(api, { ticket: fresh.ticket })), fresh.redirect);
    } catch (error) {
      setBusy(false);
      setFailed(error?.message || t('wechat.failed'));
    }
  };

  const bindExisting = async (event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const body = { ticket: fresh.ticket, email: form.email.trim(), password: form.password };
      signedIn(await call((api) => bindExistingWithWechat(api, body)), fresh.redirect);
    } catch (error) {
      setBusy(false);
      setErrors(serverFieldErrors(error));
      notify('error', error?.message || t('wechat.failed'));
    }
  };

  const problem = failed || (code ? '' : t('wechat.failed'));
  if (problem) {
    return (
      <AuthCard title={t('wechat.signinTitle')} testId="wechat-signin-page">
        <p className="text-center text-rose-700" role="alert">
          {problem}
        </p>
        <p className="mt-4 text-center">
          <Link to="/login" className="text-sm text-rose-600 hover:underline">
            {t('wechat.backToLogin')}
          </Link>
        </p>
      </AuthCard>
    );
  }
  if (!fresh) {
    return (
      <AuthCard title={t('wechat.signinTitle')} testId="wechat-signin-page">
        <p className="text-center text-gray-500" aria-busy="true">
          {t('wechat.wait')}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('wechat.newTitle', { name: fresh.nickname || '' })} testId="wechat-signin-page">
      <p className="mb-4 text-sm text-gray-600">{t('wechat.newHint')}</p>
      <button
        type="button"
        onClick={register}
        disabled={busy}
        data-testid="wechat-continue"
        className="w-full rounded-lg bg-emerald-600 px-4 py-2.5 font-medium text-white hover:bg-emerald-700 disabled:opacity-50"
      >
        {t('wechat.continue')}
      </button>
      {!existing ? (
        <button
          type="button"
          onClick={() => setExisting(true)}
          className="mt-4 w-full text-center text-sm text-rose-600 hover:underline"
          data-testid="wechat-have-account"
        >
          {t('wechat.haveAccount')}
        </button>
      ) : (
        <form noValidate onSubmit={bindExisting} className="mt-6 border-t border-gray-100 pt-4">
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
          <SubmitButton busy={busy} busyText={t('auth.submitting')}>
            {t('wechat.bindAndSignIn')}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
