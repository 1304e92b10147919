import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate, useParams } from 'react-router';
import { createContent, fetchContent, listContent, saveContent } from '../../../api/adminContent.js';
import { useApiCall } from '../../../common/useApiCall.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import { selectTimeZone } from '../../shop/shopSlice.js';
import { useNotify } from '../../ui/useNotify.js';
import { AuditEntries } from '../AuditLog.jsx';
import { Button, Panel } from '../fields.jsx';
import { saveFailure } from '../productForm.js';
import ContentForm from './ContentForm.jsx';
import ContentPicture from './ContentPicture.jsx';
import { fromObject, KINDS, kindNames, toBody, validateContent } from './kinds.js';
import StaleNotice from '../StaleNotice.jsx';

const AUDIT_TYPES = { categories: 'category', brands: 'brand', banners: 'banner', articles: 'article' };

/** A category may sit under a top-level category other than itself. */
async function fetchParents(api, kind, id) {
  if (kind !== 'categories') return [];
  const { data: categories } = await listContent(api, 'categories');
  return categories.filter((c) => !c.parent_id && c.id !== id).map((c) => ({ value: String(c.id), label: c.name }));
}

function ContentEditor({ kind, id }) {
  const t = useT();
  const notify = useNotify();
  const call = useApiCall();
  const navigate = useNavigate();
  const config = KINDS[kind];
  const timeZone = useSelector(selectTimeZone);
  const parents = useRemote((api) => fetchParents(api, kind, id), [kind, id]);
  const [saved, setSaved] = useState(null);
  const [values, setValues] = useState(id ? null : fromObject(kind, null, timeZone));
  const [errors, setErrors] = useState({});
  const [failure, setFailure] = useState(null);
  const [busy, setBusy] = useState(false);

  // The BFF's copy: on arrival (and on an asked-for reload) it replaces the form.
  const remote = useRemote((api) => (id ? fetchContent(api, kind, id) : null), [kind, id]);
  const [arrived, setArrived] = useState(null);
  if (remote.data && remote.data !== arrived) {
    setArrived(remote.data);
    setSaved(remote.data);
    setValues(fromObject(kind, remote.data, timeZone));
    setErrors({});
    setFailure(null);
  }

  const onChange = (name, value) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const onSubmit = async (event) => {
    event.preventDefault();
    const found = validateContent(kind, values, timeZone);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])));
    if (Object.keys(found).length) {
      setFailure({ kind: 'fields', message: t('admin.error.fix') });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const body = toBody(kind, values, timeZone);
      const obj = await call((api) =>
        saved ? saveContent(api, kind, saved.id, body, saved.version) : createContent(api, kind, body),
      );
      notify('success', t('admin.content.saved'));
      if (!saved) {
        navigate(`/admin/content/${kind}/${obj.id}`, { replace: true });
        return;
      }
      setSaved(obj);
      setValues(fromObject(kind, obj, timeZone));
    } catch (error) {
      const outcome = saveFailure(error);
      setFailure(outcome);
      if (outcome.kind === 'fields') setErrors(outcome.fields);
      notify('error', outcome.message);
    } finally {
      setBusy(false);
    }
  };

  const onReload = () => {
    if (window.confirm(t('admin.stale.confirm'))) remote.reload();
  };

  if (!values) {
    return remote.error ? (
      <p role="alert" className="text-sm text-rose-700">
        {remote.error.message}
      </p>
    ) : (
      <p className="text-sm text-gray-500">{t('admin.loading')}</p>
    );
  }
  return (
    <div className="space-y-4" data-testid="content-editor">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <Link to={`/admin/content/${kind}`} className="text-sm text-gray-500 hover:underline">
              ← {t(config.title)}
            </Link>
            <h1 className="text-xl font-semibold">{saved ? config.label(saved) : t(config.newTitle)}</h1>
            {saved && (
              <p className="text-xs text-gray-500">
                #{saved.id} · {t('admin.product.version', { n: saved.version })}
              </p>
            )}
          </div>
          <Button kind="primary" type="submit" disabled={busy} data-testid="save-content">
            {busy ? t('admin.saving') : t('admin.save')}
          </Button>
        </div>
        {failure?.kind === 'stale' && <StaleNotice message={failure.message} onReload={onReload} />}
        {failure && failure.kind !== 'stale' && (
          <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700" data-testid="save-problem">
            {failure.message}
          </p>
        )}
        <Panel title={t(config.title)}>
          <ContentForm kind={kind} values={values} errors={errors} parents={parents.data || []} onChange={onChange} />
        </Panel>
      </form>
      {saved && config.picture && <ContentPicture kind={kind} obj={saved} onSaved={setSaved} />}
      {saved ? (
        <Panel title={t('admin.section.history')} testId="content-history">
          <AuditEntries objectType={AUDIT_TYPES[kind]} objectId={String(saved.id)} key={saved.version} />
        </Panel>
      ) : (
        config.picture && <p className="text-sm text-gray-500">{t('admin.content.saveFirst')}</p>
      )}
    </div>
  );
}

/** /admin/content/:kind/new and /admin/content/:kind/:id: a fresh editor for each object. */
export default function ContentEditorPage() {
  const t = useT();
  const { kind, id } = useParams();
  if (!kindNames.includes(kind) || (id !== 'new' && !/^\d+$/.test(id))) {
    return <p className="text-gray-600">{t('admin.notFound')}</p>;
  }
  return <ContentEditor key={`${kind}/${id}`} kind={kind} id={id === 'new' ? null : Number(id)} />;
}
