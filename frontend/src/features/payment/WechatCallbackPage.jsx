import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../i18n/index.js';
import { useApiCall } from '../../common/useApiCall.js';
import { wechatSignedIn } from '../../api/payment.js';

/** /wechat-callback: back from WeChat's silent sign-in; the BFF keeps the openid, then pay goes on. */
export default function WechatCallbackPage() {
  const t = useT();
  const call = useApiCall();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState('');
  const sent = useRef(false); // a code is good once
  const args = {
    orderNumber: params.get('order') || '',
    code: params.get('code') || '',
    state: params.get('state') || '',
  };
  const key = JSON.stringify(args);
  useEffect(() => {
    const sign = JSON.parse(key);
    if (sent.current || !sign.code) return;
    sent.current = true;
    call((api) => wechatSignedIn(api, sign))
      .then((number) => navigate(`/pay/${encodeURIComponent(number)}?start=wechat_pay`, { replace: true }))
      .catch((error) =>
        setFailed(error.status >= 400 && error.status < 500 ? error.message : t('pay.wechatLoginFailed')),
      );
  }, [call, navigate, key, t]);
  // WeChat sends no code when the shopper refused or something broke on its side.
  const problem = failed || (args.code ? '' : t('pay.wechatLoginFailed'));
  return (
    <section className="mx-auto max-w-md pt-10 text-center" data-testid="wechat-callback-page">
      {problem ? (
        <>
          <p className="text-rose-700" role="alert">
            {problem}
          </p>
          <Link to="/order-list" className="mt-4 inline-block text-sm text-rose-600 hover:underline">
            {t('pay.backToOrders')}
          </Link>
        </>
      ) : (
        <p className="text-gray-500" aria-busy="true">
          {t('pay.wait')}
        </p>
      )}
    </section>
  );
}
