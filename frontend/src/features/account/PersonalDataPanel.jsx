import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/index.js';
import { toastShown } from '../ui/toastSlice.js';
import { accountDeletionConfirmed, personalDataRequested } from './personalData.js';

const button = 'rounded-lg px-4 py-2 text-sm font-medium disabled:opacity-50';

/** Personal centre: download one's data as JSON; delete the account, confirmed with the password. */
export default function PersonalDataPanel() {
  const t = useT();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

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

  const remove = async (event) => {
    event.preventDefault();
    if (!password) return setError(t('myData.passwordRequired'));
    setBusy(true);
    setError('');
    try {
      const answer = await dispatch(accountDeletionConfirmed({ password }));
      navigate('/');
      dispatch(toastShown('success', answer.message || t('myData.deleted')));
    } catch (failure) {
      setError(failure.data?.errors?.password?.[0] || failure.message);
      setBusy(false);
    }
    return undefined;
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
      {confirming ? (
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
            <button
              type="submit"
              className={`${button} bg-rose-600 text-white`}
              disabled={busy}
              data-testid="delete-account-confirm"
            >
              {t('myData.deleteConfirm')}
            </button>
            <button type="button" className={`${button} ring-1 ring-gray-300`} onClick={() => setConfirming(false)}>
              {t('myData.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className={`${button} mt-3 text-rose-700 ring-1 ring-rose-300`}
          onClick={() => setConfirming(true)}
          data-testid="delete-account"
        >
          {t('myData.delete')}
        </button>
      )}
    </section>
  );
}
