import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../i18n/index.js';
import { useApiCall } from '../../common/useApiCall.js';
import { useNotify } from '../ui/useNotify.js';
import { fetchWechatBinding, unbindWechat } from '../../api/wechatSignin.js';
import WechatSigninButtons from './WechatSigninButtons.jsx';

/** Personal centre: whether WeChat is bound to the account; bind it (WeChat's page, then back
 * here) or unbind it (not while it is the only way to sign in). */
export default function WechatBindingPanel() {
  const t = useT();
  const call = useApiCall();
  const notify = useNotify();
  const [binding, setBinding] = useState(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      call((api) => fetchWechatBinding(api))
        .then(setBinding)
        .catch(() => setBinding(null)),
    [call],
  );
  useEffect(() => {
    load();
  }, [load]);

  if (!binding) return null;
  const unbind = async () => {
    setBusy(true);
    try {
      const answer = await call((api) => unbindWechat(api));
      setBinding(answer);
      notify('success', answer.message);
    } catch (error) {
      notify('error', error?.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="mt-6 rounded-xl bg-white p-6 ring-1 ring-gray-100" data-testid="wechat-binding">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          <span className="text-gray-500">{t('wechat.binding')}</span>{' '}
          <span data-testid="wechat-binding-state">{t(binding.bound ? 'wechat.bound' : 'wechat.notBound')}</span>
        </p>
        {binding.bound ? (
          binding.can_unbind && (
            <button
              type="button"
              onClick={unbind}
              disabled={busy}
              data-testid="wechat-unbind"
              className="rounded-lg px-4 py-2 text-sm font-medium text-rose-700 ring-1 ring-rose-200 hover:bg-rose-50 disabled:opacity-50"
            >
              {t('wechat.unbind')}
            </button>
          )
        ) : (
          <WechatSigninButtons
            purpose="bind"
            redirect="/user-profile"
            label={t('wechat.bind')}
            className="rounded-lg bg-emerald-600 px-4 py-2 text-sm font-medium text-white hover:bg-emerald-700 disabled:opacity-50"
          />
        )}
      </div>
      {binding.bound && !binding.can_unbind && (
        <p className="mt-2 text-xs text-gray-500">{t('wechat.unbindNeedsPassword')}</p>
      )}
    </section>
  );
}
