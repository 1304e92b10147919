import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../i18n/index.js';
import { toastShown } from '../ui/toastSlice.js';
import WechatSigninButtons from '../wechat/WechatSigninButtons.jsx';
import {
  CONFIRM_DELETE_RETURN,
  WECHAT_SIGNIN_REQUIRED,
  accountDeletionConfirmed,
  confirmationRequested,
  isConfirmed,
  personalDataRequested,
} from './personalData.js';

const button = 'rounded-lg px-4 py-2 text-sm font-medium disabled:opacity-50';

/** The button that deletes the account, once it is confirmed (password typed, or WeChat fresh). */
function DeleteConfirmButton({ busy }) {
  const t = useT();
  return (
    <button
      type="submit"
      className={`${button} bg-rose-600 text-white`}
      disabled={busy}
      data-testid="delete-account-confirm"
    >
      {t('myData.deleteConfirm')}
    </button>
  );
}

function CancelButton({ onClick }) {
  const t = useT();
  return (
    <button type="button" className={`${button} ring-1 ring-gray-300`} onClick={onClick}>
      {t('myData.cancel')}
    </button>
  );
}

/**
 * Personal centre: download one's data as JSON; delete the account, confirmed with the password,
 * or, for a member who has none (signed up with WeChat), by signing in with WeChat again: WeChat's
 * page brings them back here (`?confirm=delete-account`), where the deletion waits to be confirmed.
 */
export default function PersonalDataPanel() {
  const t = useT();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [confirming, setConfirming] = useState(params.get('confirm') === 'delete-account');
  const [confirmation, setConfirmation] = useState(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!confirming) return undefined;
    let live = true;
    dispatch(confirmationRequested()).then((answer) => live && setConfirmation(answer));
    return () => {
      live = false;
    };
  }, [confirming, dispatch]);

  const download = async () => {
    setBusy(true);
    try {
      await dispatch(personalDataRequested());
    } catch (failure) {
      dispatch(toastShown('error', failure.message));
    } finally {
      setBusy(false);
    }
  };

  const withWechat = confirmation?.method === 'wechat';
  const remove = async (event) => {
    event.preventDefault();
    if (!withWechat && !password) return setError(t('myData.passwordRequired'));
    setBusy(true);
    setError('');
    try {
      const answer = await dispatch(accountDeletionConfirmed({ password: withWechat ? '' : password }));
      navigate('/');
      dispatch(toastShown('success', answer.message || t('myData.deleted')));
    } catch (failure) {
      if (failure.code === WECHAT_SIGNIN_REQUIRED) setConfirmation({ method: 'wechat', confirmed_until: null });
      setError(failure.data?.errors?.password?.[0] || failure.message);
      setBusy(false);
    }
    return undefined;
  };
  const cancel = () => {
    setConfirming(false);
    setError('');
  };

  return (
    <section className="mt-6 rounded-xl bg-white p-6 ring-1 ring-gray-100" data-testid="personal-data">
      <h2 className="text-lg font-semibold">{t('myData.title')}</h2>
      <p className="mt-2 text-sm text-gray-600">{t('myData.downloadIntro')}</p>
      <button
        type="button"
        className={`${button} mt-3 bg-gray-900 text-white`}
        onClick={download}
        disabled={busy}
        data-testid="download-data"
      >
        {t('myData.download')}
      </button>

      <h3 className="mt-6 font-semibold text-rose-700">{t('myData.deleteTitle')}</h3>
      <p className="mt-2 text-sm text-gray-600">{t('myData.deleteIntro')}</p>
      {confirming && withWechat && (
        <WechatDeletion
          confirmed={isConfirmed(confirmation)}
          busy={busy}
          error={error}
          onConfirm={remove}
          onCancel={cancel}
        />
      )}
      {confirming && confirmation && !withWechat ? (
        <form className="mt-3 flex flex-wrap items-start gap-3" onSubmit={remove} data-testid="delete-account-form">
          <label className="block text-sm" htmlFor="delete-password">
            <span className="text-gray-700">{t('myData.password')}</span>
            <input
              id="delete-password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="mt-1 block w-64 rounded-lg border border-gray-300 px-3 py-2 text-sm"
            />
            {error && (
              <span className="mt-1 block text-xs text-rose-600" role="alert" data-testid="delete-account-error">
                {error}
              </span>
            )}
          </label>
          <div className="mt-6 flex gap-2">
            <DeleteConfirmButton busy={busy} />
            <CancelButton onClick={cancel} />
          </div>
        </form>
      ) : (
        !confirming && (
          <button
            type="button"
            className={`${button} mt-3 text-rose-700 ring-1 ring-rose-300`}
            onClick={() => setConfirming(true)}
            data-testid="delete-account"
          >
            {t('myData.delete')}
          </button>
        )
      )}
    </section>
  );
}

/**
 * Deleting the account of a member without a password: confirmed by a WeChat sign-in of the last
 * 10 minutes. Until there is one, the button to sign in with WeChat again (back to this panel);
 * then the button that deletes.
 */
export function WechatDeletion({ confirmed, busy = false, error = '', onConfirm, onCancel }) {
  const t = useT();
  return (
    <form className="mt-3" onSubmit={onConfirm} data-testid="delete-account-wechat">
      <p className="text-sm text-gray-700">{t(confirmed ? 'myData.wechatConfirmed' : 'myData.wechatConfirm')}</p>
      {error && (
        <p className="mt-1 text-xs text-rose-600" role="alert" data-testid="delete-account-error">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {confirmed ? (
          <DeleteConfirmButton busy={busy} />
        ) : (
          <WechatSigninButtons
            redirect={CONFIRM_DELETE_RETURN}
            label={t('account.wechatAgain')}
            className={`${button} bg-emerald-600 text-white hover:bg-emerald-700`}
          />
        )}
        <CancelButton onClick={onCancel} />
      </div>
    </form>
  );
}
