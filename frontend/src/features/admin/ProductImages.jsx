import { useState } from 'react';
import { arrangeImages, deleteImage, describeImage, IMAGES_PER_UPLOAD, uploadImages } from '../../api/admin.js';
import Img from '../../common/components/Img.jsx';
import { useApiCall } from '../../common/useApiCall.js';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { Button, Panel } from './fields.jsx';

/** Files in groups the BFF takes in one request. */
export const batches = (files, size = IMAGES_PER_UPLOAD) =>
  Array.from({ length: Math.ceil(files.length / size) }, (_, i) => files.slice(i * size, (i + 1) * size));

function AltEditor({ image, onSave }) {
  const t = useT();
  const [alt, setAlt] = useState(image.alt || '');
  return (
    <form
      className="mt-2 flex gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(alt);
      }}
    >
      <input
        aria-label={t('admin.image.alt')}
        placeholder={t('admin.image.alt')}
        value={alt}
        maxLength={255}
        onChange={(e) => setAlt(e.target.value)}
        className="min-w-0 flex-1 rounded border border-gray-300 px-2 py-1 text-xs"
      />
      <Button small type="submit" disabled={alt === (image.alt || '')}>
        {t('admin.save')}
      </Button>
    </form>
  );
}

/**
 * The pictures of a saved product: upload (picker or drop, several at once, sent in groups of
 * five), order, cover, alt text, delete. Each answer is the product with its new version, handed
 * to `onProduct` so the editor's next save is not stale.
 */
export default function ProductImages({ product, onProduct }) {
  const t = useT();
  const notify = useNotify();
  const call = useApiCall();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState([]);
  const [dragging, setDragging] = useState(false);
  const images = product.images || [];

  const run = async (fn) => {
    setBusy(true);
    setProblems([]);
    try {
      onProduct(await call(fn));
      return true;
    } catch (error) {
      setProblems([error.message]);
      notify('error', error.message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const upload = async (fileList) => {
    const files = [...fileList];
    if (!files.length) return;
    setBusy(true);
    const found = [];
    // Each upload raises the product's version: the next one names the version it left.
    let { version } = product;
    for (const group of batches(files)) {
      try {
        const next = await call((api) => uploadImages(api, product.id, group, version));
        version = next.version;
        onProduct(next);
      } catch (error) {
        found.push(...(error.data?.errors?.images || [error.message]));
      }
    }
    setProblems(found);
    setBusy(false);
    if (found.length) notify('error', found[0]);
    else notify('success', t('admin.image.uploaded', { n: files.length }));
  };

  const order = images.map((image) => image.id);
  const move = (index, step) => {
    const next = [...order];
    [next[index], next[index + step]] = [next[index + step], next[index]];
    return run((api) => arrangeImages(api, product.id, { order: next, cover: product.avatar }, product.version));
  };
  const makeCover = (id) => run((api) => arrangeImages(api, product.id, { order, cover: id }, product.version));
  const saveAlt = (id, alt) => run((api) => describeImage(api, product.id, id, alt, product.version));
  const remove = (id) => {
    if (window.confirm(t('admin.image.confirmDelete'))) run((api) => deleteImage(api, product.id, id, product.version));
  };

  return (
    <Panel title={t('admin.section.images')} testId="product-images">
      <label
        className={`flex cursor-pointer flex-col items-center justify-center rounded-md border-2 border-dashed p-6 text-center text-sm ${dragging ? 'border-rose-400 bg-rose-50' : 'border-gray-300 text-gray-600'}`}
        data-testid="image-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          upload(e.dataTransfer.files);
        }}
      >
        <span>{busy ? t('admin.image.uploading') : t('admin.image.drop')}</span>
        <span className="mt-1 text-xs text-gray-500">{t('admin.image.rules')}</span>
        <input
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="sr-only"
          data-testid="image-input"
          disabled={busy}
          onChange={(e) => {
            upload(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      {problems.length > 0 && (
        <ul role="alert" className="mt-3 space-y-1 text-sm text-rose-600" data-testid="image-errors">
          {problems.map((problem, i) => (
            <li key={i}>{problem}</li>
          ))}
        </ul>
      )}
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {images.map((image, index) => (
          <li key={image.id} className="rounded-md p-2 ring-1 ring-gray-200" data-testid="admin-image">
            <Img
              src={image.path}
              srcSet={image.srcset}
              sizes="200px"
              alt={image.alt || ''}
              width={200}
              height={200}
              className="aspect-square w-full rounded object-cover"
            />
            {image.id === product.avatar ? (
              <p className="mt-1 text-xs font-medium text-rose-600" data-testid="cover-mark">
                {t('admin.image.cover')}
              </p>
            ) : (
              <button
                type="button"
                disabled={busy}
                className="mt-1 text-xs text-gray-700 hover:underline"
                onClick={() => makeCover(image.id)}
              >
                {t('admin.image.makeCover')}
              </button>
            )}
            <div className="mt-1 flex gap-1">
              <Button
                small
                disabled={busy || index === 0}
                onClick={() => move(index, -1)}
                aria-label={t('admin.image.left')}
              >
                ←
              </Button>
              <Button
                small
                disabled={busy || index === images.length - 1}
                onClick={() => move(index, 1)}
                aria-label={t('admin.image.right')}
              >
                →
              </Button>
              <Button small kind="danger" disabled={busy} onClick={() => remove(image.id)} className="ml-auto">
                {t('admin.action.delete')}
              </Button>
            </div>
            <AltEditor image={image} onSave={(alt) => saveAlt(image.id, alt)} />
          </li>
        ))}
      </ul>
    </Panel>
  );
}
