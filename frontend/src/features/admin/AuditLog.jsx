import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { fetchAudit } from '../../api/admin.js';
import { useRemote } from '../../common/useRemote.js';
import { useT } from '../../i18n/index.js';
import ShopTime from '../shop/ShopTime.jsx';
import { Panel, Select, TextField } from './fields.jsx';
import PagedNav from './PagedNav.jsx';
import { withFilter } from './shared.js';
import { AUDIT_FIELDS, ORDER_STATES } from './auditStrings.js';

export const OBJECT_TYPES = [
  'product',
  'category',
  'brand',
  'banner',
  'article',
  'shop',
  'payment_provider',
  'payment_methods',
  'order',
  'customer',
];

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A field's name in words where the console knows it (else the field's own name). */
const fieldName = (t, field) => (AUDIT_FIELDS.includes(field) ? t(`admin.audit.field.${field}`) : field);

/** A value as the owner reads it: states and yes/no in words, times in the shop's zone, lists joined. */
export function Shown({ field, value, t }) {
  if (value == null || value === '') return '—';
  if (typeof value === 'boolean') return t(`admin.audit.bool.${value}`);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (field === 'status' && ORDER_STATES.includes(text)) return t(`admin.audit.state.${text}`);
  if (ISO_TIME.test(text)) return <ShopTime value={text} />;
  return text;
}

/** Entries of the audit log, newest first: who, when, what, each field's before and after. */
export function AuditEntries({ objectType = '', objectId = '' }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const key = `${objectType}/${objectId}`;
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    // A new filter starts at its first page.
    setShownKey(key);
    setPage(1);
  }
  const log = useRemote((api) => fetchAudit(api, { object_type: objectType, object_id: objectId, page }), [key, page]);
  const entries = log.data?.data || [];
  return (
    <div data-testid="audit-entries">
      {log.error && <p className="text-sm text-rose-700">{log.error.message}</p>}
      {log.loaded && !entries.length && <p className="text-sm text-gray-500">{t('admin.empty')}</p>}
      <ol className="space-y-3">
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-md p-3 ring-1 ring-gray-200" data-testid="audit-entry">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
              <strong>{t(`admin.audit.action.${entry.action}`)}</strong>
              <span>
                {t(`admin.audit.type.${entry.object_type}`)} #{entry.object_id}
              </span>
              <span className="text-gray-600">{entry.actor_email || '—'}</span>
              <ShopTime value={entry.at} className="text-gray-500" />
            </div>
            {entry.note && (
              <p className="mt-1 text-sm text-gray-700">
                {entry.action === 'transition' ? t(`adminOrders.action.${entry.note}`) : entry.note}
              </p>
            )}
            {Object.keys(entry.changes || {}).length > 0 && (
              <div className="mt-2 overflow-x-auto">
                <table className="min-w-full text-left text-xs">
                  <thead className="text-gray-500">
                    <tr>
                      <th className="pr-3">{t('admin.audit.field')}</th>
                      <th className="pr-3">{t('admin.audit.before')}</th>
                      <th>{t('admin.audit.after')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {Object.entries(entry.changes).map(([field, [before, after]]) => (
                      <tr key={field} className="align-top">
                        <td className="pr-3">{fieldName(t, field)}</td>
                        <td className="max-w-xs break-words pr-3 text-gray-600">
                          <Shown field={field} value={before} t={t} />
                        </td>
                        <td className="max-w-xs break-words">
                          <Shown field={field} value={after} t={t} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </li>
        ))}
      </ol>
      <PagedNav page={log.data} onPage={setPage} />
    </div>
  );
}

/** /admin/audit: the shop's audit log, by kind of object and object id (kept in the URL). */
export default function AuditPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const objectType = params.get('object_type') || '';
  const objectId = /^\d+$/.test(params.get('object_id') || '') ? params.get('object_id') : '';
  const set = (name, value) => setParams((current) => withFilter(current, name, value));
  return (
    <div className="space-y-4" data-testid="admin-audit">
      <h1 className="text-xl font-semibold">{t('admin.nav.audit')}</h1>
      <Panel title={t('admin.audit.filter')}>
        <div className="grid grid-cols-2 gap-3 md:max-w-lg">
          <Select
            label={t('admin.audit.objectType')}
            name="object_type"
            value={objectType}
            onChange={set}
            empty={t('admin.filter.any')}
            options={OBJECT_TYPES.map((type) => ({ value: type, label: t(`admin.audit.type.${type}`) }))}
          />
          <TextField
            label={t('admin.audit.objectId')}
            name="object_id"
            inputMode="numeric"
            value={params.get('object_id') || ''}
            onChange={(name, value) => set(name, value.replace(/\D/g, ''))}
          />
        </div>
      </Panel>
      <AuditEntries objectType={objectType} objectId={objectId} />
    </div>
  );
}
