import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { disableTwoFactor, enableTwoFactor, fetchOwnTwoFactor, startTwoFactor } from '../../../api/adminPeople.js';
import { useApiCall } from '../../../common/useApiCall.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import { sessionChecked } from '../../account/session.js';
import { Button, Panel, TextField } from '../fields.jsx';

/** The QR code's modules (rows of 0/1 from the BFF) as one SVG path, with its quiet zone. */
function QrCode({ modules }) {
  const size = modules.length + 8;
  const d = modules
    .flatMap((row, y) => [...row].map((bit, x) => (bit === '1' ? `M${x + 4} ${y + 4}h1v1h-1z` : '')))
    .join('');
  return (
    <svg viewBox={`0 0 ${size} ${size}`} className="h-48 w-48 bg-white" role="img" data-testid="two-factor-qr">
      <path d={d} fill="#000" />
    </svg>
  );
}

/** One's own two-factor sign-in: set up with a QR code, recovery codes shown once, turned off. */
export default function TwoFactorPage() {
  const t = useT();
  const call = useApiCall();
  const dispatch = useDispatch();
  const status = useRemote((api) => fetchOwnTwoFactor(api), []);
  const [setup, setSetup] = useState(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState(null);
  const [problem, setProblem] = useState(null);
  const [busy, setBusy] = useState(false);

  const run = async (work) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(error.message);
    } finally {
      setBusy(false);
    }
  };
  const start = () => run(async () => setSetup(await call((api) => startTwoFactor(api))));
  const enable = (e) => {
    e.preventDefault();
    return run(async () => {
      setCodes(await call((api) => enableTwoFactor(api, code.trim())));
      setSetup(null);
      setCode('');
      await status.reload();
      dispatch(sessionChecked()); // the console may open its other screens now
    });
  };
  const disable = (e) => {
    e.preventDefault();
    return run(async () => {
      await call((api) => disableTwoFactor(api, password));
      setPassword('');
      setCodes(null);
      await status.reload();
    });
  };

  const info = status.data;
  return (
    <Panel title={t('people.tf.title')} testId="two-factor-screen">
      {info && (
        <p className="text-sm text-gray-700" data-testid="two-factor-status">
          {info.enabled ? t('people.tf.on', { n: info.recovery_codes_left }) : t('people.tf.off')}
        </p>
      )}
      {codes && (
        <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm" data-testid="recovery-codes">
          <p className="mb-2">{t('people.tf.codes')}</p>
          <ul className="grid grid-cols-2 gap-1 font-mono">
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      {info && !info.enabled && !setup && (
        <Button kind="primary" className="mt-3" onClick={start} disabled={busy} data-testid="two-factor-start">
          {t('people.tf.start')}
        </Button>
      )}
      {setup && (
        <form onSubmit={enable} className="mt-3 space-y-3">
          <p className="text-sm text-gray-600">{t('people.tf.scan')}</p>
          <QrCode modules={setup.qr_modules} />
          <p className="break-all font-mono text-sm" data-testid="two-factor-secret">
            {setup.secret}
          </p>
          <TextField
            label={t('people.tf.code')}
            name="code"
            value={code}
            onChange={(_, v) => setCode(v)}
            inputMode="numeric"
            autoComplete="one-time-code"
            data-testid="two-factor-code"
          />
          <Button kind="primary" type="submit" disabled={busy} data-testid="two-factor-enable">
            {t('people.tf.enable')}
          </Button>
        </form>
      )}
      {info?.enabled && info.required && <p className="mt-3 text-sm text-gray-600">{t('people.tf.required')}</p>}
      {info?.enabled && !info.required && (
        <form onSubmit={disable} className="mt-4 space-y-3 border-t border-gray-100 pt-4">
          <TextField
            label={t('people.tf.password')}
            name="password"
            type="password"
            value={password}
            onChange={(_, v) => setPassword(v)}
            autoComplete="current-password"
          />
          <Button kind="danger" type="submit" disabled={busy}>
            {t('people.tf.disable')}
          </Button>
        </form>
      )}
      {problem && (
        <p role="alert" className="mt-3 text-sm text-rose-700" data-testid="two-factor-problem">
          {problem}
        </p>
      )}
    </Panel>
  );
}
