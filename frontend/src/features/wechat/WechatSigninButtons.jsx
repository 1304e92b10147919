import { useEffect, useState } from 'react';
import { useT } from '../../i18n/index.js';
import { useApiCall } from '../../common/useApiCall.js';
import { useNotify } from '../ui/useNotify.js';
import { startWechatSignin, wechatSigninOptions } from '../../api/wechatSignin.js';

export const inWechat = () => typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent);

/**
 * Sign in with WeChat beside the email form: inside WeChat the official account's authorisation,
 * elsewhere the website application's QR login, each when the shop has that app. `purpose`
 * "bind" binds WeChat to the signed-in member instead (personal centre). Nothing shows until the
 * browser knows which (the server renders the page without it).
 */
export default function WechatSigninButtons({ redirect = '/', purpose = 'sign_in', label = null, className = '' }) {
  const t = useT();
  const call = useApiCall();
  const notify = useNotify();
  const [mode, setMode] = useState(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    call((api) => wechatSigninOptions(api))
      .then((options) => {
        if (!live) return;
        const wanted = inWechat() ? 'official' : 'website';
        setMode(options?.[wanted] ? wanted : null);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [call]);

  if (!mode) return null;
  const go = async () => {
    setBusy(true);
    try {
      const url = await call((api) => startWechatSignin(api, { mode, purpose, redirect }));
      window.location.assign(url);
    } catch (error) {
      setBusy(false);
      notify('error', error?.message || t('wechat.failed'));
    }
  };
  return (
    <button
      type="button"
      onClick={go}
      disabled={busy}
      data-testid={mode === 'official' ? 'wechat-signin' : 'wechat-qr-signin'}
      className={
        className ||
        'flex w-full items-center justify-center gap-2 rounded-lg bg-emerald-600 px-4 py-2.5 font-medium text-white hover:bg-emerald-700 disabled:opacity-50'
      }
    >
      {label || t(mode === 'official' ? 'wechat.signinInWechat' : 'wechat.signinByQr')}
    </button>
  );
}
