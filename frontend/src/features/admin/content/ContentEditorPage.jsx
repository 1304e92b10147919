import { useSelector } from 'react-redux';
import { Link, useNavigate, useParams } from 'react-router';
import { createContent, fetchContent, listContent, saveContent } from '../../../api/adminContent.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import { selectTimeZone } from '../../shop/shopSlice.js';
import { useNotify } from '../../ui/useNotify.js';
import { AuditEntries } from '../AuditLog.jsx';
import { EditorLoading, SaveFailure } from '../EditorStatus.jsx';
import { Button, Panel } from '../fields.jsx';
import { useEditor } from '../useEditor.js';
import ContentForm from './ContentForm.jsx';
import ContentPicture from './ContentPicture.jsx';
import { fromObject, KINDS, kindNames, toBody, validateContent } from './kinds.js';

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
  const navigate = useNavigate();
  const config = KINDS[kind];
  const timeZone = useSelector(selectTimeZone);
  const parents = useRemote((api) => fetchParents(api, kind, id), [kind, id]);
  const { saved, setSaved, values, setValues, errors, failure, busy, remote, onChange, submit, onReload } = useEditor({
    load: (api) => (id ? fetchContent(api, kind, id) : null),
    deps: [kind, id],
    toValues: (obj) => fromObject(kind, obj, timeZone),
    initial: id ? null : fromObject(kind, null, timeZone),
  });

  const onSubmit = submit({
    validate: (form) => validateContent(kind, form, timeZone),
    request: (form) => {
      const body = toBody(kind, form, timeZone);
      return (api) => (saved ? saveContent(api, kind, saved.id, body, saved.version) : createContent(api, kind, body));
    },
    onSaved: (obj) => {
      notify('success', t('admin.content.saved'));
      if (!saved) {
        navigate(`/admin/content/${kind}/${obj.id}`, { replace: true });
        return;
      }
      setSaved(obj);
      setValues(fromObject(kind, obj, timeZone));
    },
  });

  if (!values) return <EditorLoading remote={remote} />;
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
        <SaveFailure failure={failure} onReload={onReload} />
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
