import { Link, useNavigate, useParams } from 'react-router';
import { createProduct, fetchProduct, saveProduct, uploadDetailPicture } from '../../api/admin.js';
import { useApiCall } from '../../common/useApiCall.js';
import { useRemote } from '../../common/useRemote.js';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { AuditEntries } from './AuditLog.jsx';
import { EditorLoading, SaveFailure } from './EditorStatus.jsx';
import { fetchRefs } from './shared.js';
import { Button, Panel } from './fields.jsx';
import ProductForm from './ProductForm.jsx';
import ProductImages from './ProductImages.jsx';
import { EMPTY_PRODUCT, fromProduct, toBody, validateProduct } from './productForm.js';
import StockPanel from './StockPanel.jsx';
import { useEditor } from './useEditor.js';

/**
 * The form and what surrounds it. `saved` is the BFF's copy (version, pictures, stock); `values`
 * the form's, which picture and stock calls never touch: only a save or an asked-for reload does.
 */
export function ProductEditorView({
  saved,
  values,
  errors,
  refs,
  failure,
  busy,
  onChange,
  onVariants,
  onSubmit,
  onReload,
  onProduct,
}) {
  const t = useT();
  const call = useApiCall();
  const isNew = !saved;
  const upload = (file) => call((api) => uploadDetailPicture(api, file));
  return (
    <div className="space-y-4" data-testid="product-editor">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <Link to="/admin/products" className="text-sm text-gray-500 hover:underline">
              ← {t('admin.nav.products')}
            </Link>
            <h1 className="text-xl font-semibold">{isNew ? t('admin.product.new') : values.name || saved.name}</h1>
            {saved && (
              <p className="text-xs text-gray-500">
                #{saved.id} · {saved.is_active ? t('admin.status.shown') : t('admin.status.hidden')} ·{' '}
                {t('admin.product.version', { n: saved.version })}{' '}
                {saved.is_active ? (
                  <Link to={`/product/${saved.id}`} className="text-rose-600 hover:underline">
                    {t('admin.viewShop')}
                  </Link>
                ) : null}
              </p>
            )}
          </div>
          <Button kind="primary" type="submit" disabled={busy} data-testid="save-product">
            {busy ? t('admin.saving') : t('admin.save')}
          </Button>
        </div>
        <SaveFailure failure={failure} onReload={onReload} reloadKey="admin.stale.reload" />
        <ProductForm
          values={values}
          errors={errors}
          refs={refs}
          isNew={isNew}
          onChange={onChange}
          onVariants={onVariants}
          images={saved?.images}
          upload={upload}
        />
        <div className="flex justify-end">
          <Button kind="primary" type="submit" disabled={busy}>
            {busy ? t('admin.saving') : t('admin.save')}
          </Button>
        </div>
      </form>
      {saved ? (
        <>
          <ProductImages product={saved} onProduct={onProduct} />
          <StockPanel product={saved} onProduct={onProduct} />
          <Panel title={t('admin.section.history')} testId="product-history">
            <AuditEntries objectType="product" objectId={String(saved.id)} key={saved.version} />
          </Panel>
        </>
      ) : (
        <p className="text-sm text-gray-500">{t('admin.product.saveFirst')}</p>
      )}
    </div>
  );
}

function ProductEditor({ id }) {
  const t = useT();
  const notify = useNotify();
  const navigate = useNavigate();
  const refs = useRemote(fetchRefs, []);
  const editor = useEditor({
    load: (api) => (id ? fetchProduct(api, id) : null),
    deps: [id],
    toValues: fromProduct,
    initial: id ? null : EMPTY_PRODUCT,
  });
  const { saved, setSaved, values, setValues, setErrors } = editor;

  const onVariants = (variants, field) => {
    setValues((v) => ({ ...v, variants }));
    // Removing a row renumbers the rest: their messages no longer match.
    setErrors((e) =>
      field
        ? { ...e, [field]: undefined }
        : Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('variants.'))),
    );
  };

  const isNew = !saved;
  const onSubmit = editor.submit({
    validate: (form) => validateProduct(form, { isNew }),
    request: (form) => {
      const body = toBody(form, { isNew });
      return (api) => (isNew ? createProduct(api, body) : saveProduct(api, saved.id, body, saved.version));
    },
    onSaved: (product) => {
      notify('success', t('admin.product.saved'));
      if (isNew) {
        navigate(`/admin/products/${product.id}`, { replace: true });
        return;
      }
      setSaved(product);
      setValues(fromProduct(product));
    },
  });

  if (!values) return <EditorLoading remote={editor.remote} />;
  return (
    <ProductEditorView
      saved={saved}
      values={values}
      errors={editor.errors}
      refs={refs.data}
      failure={editor.failure}
      busy={editor.busy}
      onChange={editor.onChange}
      onVariants={onVariants}
      onSubmit={onSubmit}
      onReload={editor.onReload}
      // A picture or stock answer: the BFF's copy (and so the version the next save sends) moves on.
      onProduct={setSaved}
    />
  );
}

/** /admin/products/new and /admin/products/:id: a fresh editor for each product. */
export default function ProductEditorPage() {
  const { id } = useParams();
  return <ProductEditor key={id || 'new'} id={id ? Number(id) : null} />;
}
