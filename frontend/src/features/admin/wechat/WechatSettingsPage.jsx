import { useState } from 'react';
import { fetchWechatSettings, saveWechatSettings } from '../../../api/admin.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import { Button, Panel, TextField } from '../fields.jsx';
import { useSecretsForm } from '../useSecretsForm.js';

const APPS = [
  ['official', 'official_appid', 'official_secret'],
  ['website', 'website_appid', 'website_secret'],
];

/** The keyword inputs' names, as the BFF takes them (`keyword_<event>_<field>`). */
const keywordName = (event, field) => `keyword_${event}_${field}`;

/** The form: AppIDs, template ids and each template's keywords shown, AppSecrets write-only
 * (left empty, they stay). */
function WechatForm({ settings, onSaved }) {
  const t = useT();
  const { values, setValue, secrets, setSecret, errors, busy, submit } = useSecretsForm({
    initial: () => ({
      official_appid: settings.official_appid,
      website_appid: settings.website_appid,
      verify_file_name: settings.verify_file_name,
      verify_file_text: settings.verify_file_text,
    }),
    savedText: t('admin.wechat.saved'),
    onSaved,
  });
  const [templates, setTemplates] = useState(() => ({ ...settings.templates }));
  const [keywords, setKeywords] = useState(() =>
    Object.fromEntries(
      Object.entries(settings.template_fields || {}).flatMap(([event, fields]) =>
        Object.entries(fields).map(([field, keyword]) => [keywordName(event, field), keyword]),
      ),
    ),
  );
  const setTemplate = (name, value) => setTemplates((s) => ({ ...s, [name]: value }));
  const setKeyword = (name, value) => setKeywords((s) => ({ ...s, [name]: value }));

  const onSubmit = (event) => {
    event.preventDefault();
    const body = {
      ...values,
      ...Object.fromEntries(Object.entries(templates).map(([k, v]) => [`template_${k}`, v])),
      ...keywords,
    };
    submit(body, (api, sent) => saveWechatSettings(api, sent, settings.version));
  };

  return (
    <form onSubmit={onSubmit} className="space-y-6" data-testid="wechat-settings-form">
      {APPS.map(([section, idField, secretField]) => (
        <Panel key={section} title={t(`admin.wechat.section.${section}`)} testId={`wechat-${section}`}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t(`admin.wechat.field.${idField}`)}
              name={idField}
              value={values[idField] ?? ''}
              onChange={setValue}
              error={errors[idField]}
            />
            <TextField
              label={t(`admin.wechat.field.${secretField}`)}
              name={secretField}
              value={secrets[secretField] ?? ''}
              onChange={setSecret}
              error={errors[secretField]}
              hint={settings.secrets_set[secretField] ? t('admin.pay.secretSet') : t('admin.pay.secretNotSet')}
              type="password"
              autoComplete="off"
            />
          </div>
          {section === 'official' && (
            <>
              <p className="mt-3 text-sm text-gray-600">{t('admin.wechat.register')}</p>
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                {['verify_file_name', 'verify_file_text'].map((name) => (
                  <TextField
                    key={name}
                    label={t(`admin.wechat.field.${name}`)}
                    name={name}
                    value={values[name] ?? ''}
                    onChange={setValue}
                    error={errors[name]}
                  />
                ))}
              </div>
            </>
          )}
        </Panel>
      ))}
      <Panel title={t('admin.wechat.section.templates')} testId="wechat-templates">
        <p className="mb-4 text-sm text-gray-600">{t('admin.wechat.keywords.intro')}</p>
        <div className="space-y-5">
          {Object.keys(settings.templates).map((event) => (
            <div key={event} className="rounded-md p-3 ring-1 ring-gray-100" data-testid={`wechat-template-${event}`}>
              <TextField
                label={t(`admin.wechat.template.${event}`)}
                name={event}
                value={templates[event] ?? ''}
                onChange={setTemplate}
                error={errors[`template_${event}`]}
              />
              <div className="mt-3 grid gap-3 sm:grid-cols-3">
                {Object.keys(settings.template_fields?.[event] || {}).map((field) => {
                  const name = keywordName(event, field);
                  return (
                    <TextField
                      key={name}
                      label={t(`admin.wechat.keyword.${field}`)}
                      name={name}
                      value={keywords[name] ?? ''}
                      onChange={setKeyword}
                      error={errors[name]}
                      placeholder={t('admin.wechat.keywords.none')}
                      autoComplete="off"
                    />
                  );
                })}
              </div>
            </div>
          ))}
        </div>
      </Panel>
      <Button kind="primary" type="submit" disabled={busy}>
        {busy ? t('admin.saving') : t('admin.save')}
      </Button>
    </form>
  );
}

/** /admin/wechat: the shop's official account and website application, its template ids and
 * which keyword of each template shows which of the order's fields. */
export default function WechatSettingsPage() {
  const t = useT();
  const remote = useRemote((api) => fetchWechatSettings(api), []);
  const [saved, setSaved] = useState(null);
  if (!remote.loaded) return <p className="text-sm text-gray-500">{t('admin.loading')}</p>;
  if (remote.error) return <p className="text-sm text-rose-700">{remote.error.message}</p>;
  const settings = saved || remote.data;
  return (
    <div className="space-y-6" data-testid="wechat-settings-page">
      <p className="text-sm text-gray-600">{t('admin.wechat.intro')}</p>
      <WechatForm key={settings.version} settings={settings} onSaved={setSaved} />
    </div>
  );
}
