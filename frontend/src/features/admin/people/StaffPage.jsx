import { useState } from 'react';
import {
  changeRole,
  fetchStaff,
  inviteStaff,
  removeStaff,
  setTwoFactorRule,
  withdrawInvitation,
} from '../../../api/adminPeople.js';
import { useApiCall } from '../../../common/useApiCall.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import { useNotify } from '../../ui/useNotify.js';
import { Button, Checkbox, Panel, Select, TextField } from '../fields.jsx';

const STAFF_ROLES = ['manager', 'packer', 'support'];

/** The owner's staff screen: who is in the console with which role, invitations, the two-factor rule. */
export default function StaffPage() {
  const t = useT();
  const call = useApiCall();
  const notify = useNotify();
  const staff = useRemote((api) => fetchStaff(api), []);
  const [invite, setInvite] = useState({ email: '', role: 'packer' });
  const [errors, setErrors] = useState({});
  const [problem, setProblem] = useState(null);
  const roleOptions = STAFF_ROLES.map((value) => ({ value, label: t(`people.role.${value}`) }));

  const act = async (work, done) => {
    setProblem(null);
    setErrors({});
    try {
      await call(work);
      if (done) notify('success', done);
      await staff.reload();
    } catch (error) {
      setErrors(error.errors ? Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])) : {});
      setProblem(error.message);
    }
  };
  const send = (e) => {
    e.preventDefault();
    act((api) => inviteStaff(api, { email: invite.email.trim(), role: invite.role }), t('people.staff.send')).then(() =>
      setInvite((current) => ({ ...current, email: '' })),
    );
  };

  const data = staff.data;
  return (
    <div className="space-y-4" data-testid="staff-screen">
      <Panel title={t('people.staff.title')}>
        {data && (
          <table className="w-full text-left text-sm">
            <thead className="text-gray-500">
              <tr>
                <th className="py-1">{t('people.staff.name')}</th>
                <th>{t('people.staff.email')}</th>
                <th>{t('people.staff.role')}</th>
                <th>{t('people.staff.twoFactor')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.staff.map((person) => (
                <tr key={person.id} className="border-t border-gray-100" data-testid="staff-row">
                  <td className="py-2">{person.name}</td>
                  <td className="break-all">{person.email}</td>
                  <td>
                    {person.role === 'owner' || person.removed ? (
                      t(`people.role.${person.role}`).split('（')[0].split(' (')[0]
                    ) : (
                      <select
                        aria-label={t('people.staff.role')}
                        value={person.role}
                        onChange={(e) => act((api) => changeRole(api, person.id, e.target.value))}
                        className="rounded-md border border-gray-300 px-2 py-1"
                      >
                        {roleOptions.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                  <td>
                    {person.removed
                      ? t('people.staff.removed')
                      : t(person.two_factor_enabled ? 'people.staff.on' : 'people.staff.off')}
                  </td>
                  <td className="text-right">
                    {person.role !== 'owner' && !person.removed && (
                      <Button small kind="danger" onClick={() => act((api) => removeStaff(api, person.id))}>
                        {t('people.staff.remove')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
      <Panel title={t('people.staff.invite')}>
        <form onSubmit={send} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <TextField
            label={t('people.staff.email')}
            name="email"
            type="email"
            value={invite.email}
            onChange={(_, v) => setInvite((c) => ({ ...c, email: v }))}
            error={errors.email}
            data-testid="invite-email"
          />
          <Select
            label={t('people.staff.role')}
            name="role"
            value={invite.role}
            onChange={(_, v) => setInvite((c) => ({ ...c, role: v }))}
            options={roleOptions}
            error={errors.role}
          />
          <Button kind="primary" type="submit" data-testid="invite-send">
            {t('people.staff.send')}
          </Button>
        </form>
        {data?.invitations.length > 0 && (
          <ul className="mt-4 space-y-1 text-sm" data-testid="invitations">
            <li className="text-gray-500">{t('people.staff.invited')}</li>
            {data.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-2">
                <span className="break-all">{i.email}</span>
                <span className="text-gray-500">{t(`people.role.${i.role}`).split('（')[0].split(' (')[0]}</span>
                <span className="text-gray-500">
                  {t('people.staff.expires', { at: new Date(i.expires_at).toLocaleString() })}
                </span>
                <Button small onClick={() => act((api) => withdrawInvitation(api, i.id))}>
                  {t('people.staff.withdraw')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {data && (
        <Panel title={t('people.nav.security')}>
          <Checkbox
            label={t('people.staff.rule')}
            name="two_factor_required"
            checked={Boolean(data.two_factor_required)}
            onChange={(_, checked) => act((api) => setTwoFactorRule(api, checked))}
          />
          <p className="mt-1 text-xs text-gray-500">{t('people.staff.ruleHint')}</p>
        </Panel>
      )}
      {problem && (
        <p role="alert" className="text-sm text-rose-700" data-testid="staff-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
