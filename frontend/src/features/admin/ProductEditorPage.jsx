import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { createProduct, fetchProduct, saveProduct } from '../../api/admin.js';
import { useApiCall } from '../../common/useApiCall.js';
import { useRemote } from '../../common/useRemote.js';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { AuditEntries } from './AuditLog.jsx';
import { fetchRefs } from './shared.js';
import { Button, Panel } from './fields.jsx';
import ProductForm from './ProductForm.jsx';
import StaleNotice from './StaleNotice.jsx';
import ProductImages from './ProductImages.jsx';
import { EMPTY_PRODUCT, fromProduct, saveFailure, toBody, validateProduct } from './productForm.js';
import StockPanel from './StockPanel.jsx';

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
  const isNew = !saved;
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
        {failure?.kind === 'stale' && (
          <StaleNotice message={failure.message} onReload={onReload} reloadKey="admin.stale.reload" />
        )}
        {failure && failure.kind !== 'stale' && (
          <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700" data-testid="save-problem">
            {failure.message}
          </p>
        )}
        <ProductForm
          values={values}
          errors={errors}
          refs={refs}
          isNew={isNew}
          onChange={onChange}
          onVariants={onVariants}
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
  const call = useApiCall();
  const navigate = useNavigate();
  const refs = useRemote(fetchRefs, []);
  const [saved, setSaved] = useState(null);
  const [values, setValues] = useState(id ? null : EMPTY_PRODUCT);
  const [errors, setErrors] = useState({});
  const [failure, setFailure] = useState(null);
  const [busy, setBusy] = useState(false);

  // The BFF's copy: on arrival (and on an asked-for reload) it replaces the form.
  const remote = useRemote((api) => (id ? fetchProduct(api, id) : null), [id]);
  const [arrived, setArrived] = useState(null);
  if (remote.data && remote.data !== arrived) {
    setArrived(remote.data);
    setSaved(remote.data);
    setValues(fromProduct(remote.data));
    setErrors({});
    setFailure(null);
  }

  const onChange = (name, value) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const onVariants = (variants, field) => {
    setValues((v) => ({ ...v, variants }));
    // Removing a row renumbers the rest: their messages no longer match.
    setErrors((e) =>
      field
        ? { ...e, [field]: undefined }
        : Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('variants.'))),
    );
  };
  // A picture or stock answer: the BFF's copy (and so the version the next save sends) moves on.
  const onProduct = (product) => setSaved(product);

  const onSubmit = async (event) => {
    event.preventDefault();
    const isNew = !saved;
    const found = validateProduct(values, { isNew });
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])));
    if (Object.keys(found).length) {
      setFailure({ kind: 'fields', message: t('admin.error.fix') });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const body = toBody(values, { isNew });
      const product = await call((api) =>
        isNew ? createProduct(api, body) : saveProduct(api, saved.id, body, saved.version),
      );
      notify('success', t('admin.product.saved'));
      if (isNew) {
        navigate(`/admin/products/${product.id}`, { replace: true });
        return;
      }
      setSaved(product);
      setValues(fromProduct(product));
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
    <ProductEditorView
      saved={saved}
      values={values}
      errors={errors}
      refs={refs.data}
      failure={failure}
      busy={busy}
      onChange={onChange}
      onVariants={onVariants}
      onSubmit={onSubmit}
      onReload={onReload}
      onProduct={onProduct}
    />
  );
}

/** /admin/products/new and /admin/products/:id: a fresh editor for each product. */
export default function ProductEditorPage() {
  const { id } = useParams();
  return <ProductEditor key={id || 'new'} id={id ? Number(id) : null} />;
}
