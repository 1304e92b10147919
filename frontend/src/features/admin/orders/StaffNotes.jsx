import { useState } from 'react';
import { addOrderNote, setOrderTags } from '../../../api/adminOrders.js';
import { useApiCall } from '../../../common/useApiCall.js';
import { useT } from '../../../i18n/index.js';
import ShopTime from '../../shop/ShopTime.jsx';
import { useNotify } from '../../ui/useNotify.js';
import { Button, Panel, TextArea, TextField } from '../fields.jsx';

/** The words of the tags field: split on commas (either width) and blanks, blanks dropped. */
export const tagWords = (text) =>
  text
    .split(/[,，\s]+/)
    .map((word) => word.trim())
    .filter(Boolean);

/** Staff notes and tags of an order (bff/orders/notes.py): the shopper never sees them. Each save
 * answers the order's detail, which replaces the page's. */
export default function StaffNotes({ detail, onChanged }) {
  const t = useT();
  const call = useApiCall();
  const notify = useNotify();
  const { order } = detail;
  const [tags, setTags] = useState((order.tags || []).join(' '));
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);

  const save = async (fn, after) => {
    setBusy(true);
    setErrors({});
    try {
      const next = await call(fn);
      onChanged(next);
      after(next);
      notify('success', t('adminOrders.notes.saved'));
    } catch (error) {
      const found = error.data?.errors || {};
      setErrors({ tags: found.tags?.[0], body: found.body?.[0] });
      if (!found.tags && !found.body) notify('error', error.message);
    } finally {
      setBusy(false);
    }
  };
  const saveTags = (e) => {
    e.preventDefault();
    save(
      (api) => setOrderTags(api, order.order_number, tagWords(tags)),
      (next) => setTags((next.order.tags || []).join(' ')),
    );
  };
  const addNote = (e) => {
    e.preventDefault();
    save(
      (api) => addOrderNote(api, order.order_number, { body }),
      () => setBody(''),
    );
  };

  return (
    <Panel title={t('adminOrders.notes.title')} testId="staff-notes">
      <form onSubmit={saveTags} className="flex flex-wrap items-end gap-2">
        <TextField
          label={t('adminOrders.notes.tags')}
          name="tags"
          value={tags}
          onChange={(_, value) => setTags(value)}
          error={errors.tags}
          hint={t('adminOrders.notes.tagsHint')}
          className="min-w-0 flex-1"
          data-testid="order-tags-input"
        />
        <Button type="submit" disabled={busy} data-testid="order-tags-save">
          {t('adminOrders.notes.saveTags')}
        </Button>
      </form>
      <ul className="mt-3 space-y-2" data-testid="order-notes">
        {(detail.notes || []).map((note) => (
          <li key={note.id} className="rounded-md bg-amber-50 p-2 text-sm" data-testid="order-note">
            <p className="whitespace-pre-wrap break-words">{note.body}</p>
            <p className="mt-1 text-xs text-gray-500">
              {note.author_email} · <ShopTime value={note.created_at} />
            </p>
          </li>
        ))}
        {!detail.notes?.length && <li className="text-sm text-gray-500">{t('adminOrders.notes.none')}</li>}
      </ul>
      <form onSubmit={addNote} className="mt-3 space-y-2">
        <TextArea
          label={t('adminOrders.notes.body')}
          name="note"
          value={body}
          onChange={(_, value) => setBody(value)}
          error={errors.body}
          rows={2}
        />
        <Button type="submit" kind="primary" disabled={busy || !body.trim()} data-testid="order-note-add">
          {t('adminOrders.notes.add')}
        </Button>
      </form>
    </Panel>
  );
}
