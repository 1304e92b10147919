import { useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import AddEmailPanel from './AddEmailPanel.jsx';
import PersonalDataPanel from './PersonalDataPanel.jsx';
import WechatBindingPanel from '../wechat/WechatBindingPanel.jsx';
import { selectUser } from './userSlice.js';

/** Personal centre: name, email and group (无 when none); a member who signed up with WeChat and
 * has no email may add one here. The guard keeps guests out. */
export default function ProfilePage() {
  const t = useT();
  const user = useSelector(selectUser);
  const rows = [
    ['account.profileName', user?.name, 'profile-name'],
    ['account.profileEmail', user?.email || t('wechat.noEmail'), 'profile-email'],
    ['account.profileGroup', user?.group || t('account.none'), 'profile-group'],
  ];
  if (user?.member_levels?.name) rows.push(['account.memberLevel', user.member_levels.name, 'profile-level']);
  return (
    <>
      <section className="rounded-xl bg-white p-6 ring-1 ring-gray-100" data-testid="profile-page">
        <h1 className="text-xl font-semibold">{t('account.profile')}</h1>
        <dl className="mt-4 grid grid-cols-[7rem_1fr] gap-x-4 gap-y-3 text-sm">
          {rows.map(([label, value, id]) => (
            <div key={id} className="contents">
              <dt className="text-gray-500">{t(label)}</dt>
              <dd className="break-all" data-testid={id}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {user && !user.email && <AddEmailPanel />}
      <WechatBindingPanel />
      <PersonalDataPanel />
    </>
  );
}
