import { useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { deleteContent, listContent, saveContent } from '../../../api/adminContent.js';
import Img from '../../../common/components/Img.jsx';
import { useApiCall } from '../../../common/useApiCall.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import ShopTime from '../../shop/ShopTime.jsx';
import { useNotify } from '../../ui/useNotify.js';
import { Button } from '../fields.jsx';
import { categoryTree, KINDS, kindNames, moveAmongSiblings, sameParent } from './kinds.js';
import { ListFooter, ListTable } from '../ListTable.jsx';

/** What a row says beside its name. */
function Details({ kind, obj }) {
  const t = useT();
  if (kind === 'brands') return obj.tagline || '—';
  if (kind === 'banners') {
    return (
      <span className={obj.is_active ? '' : 'text-gray-500'}>
        {obj.is_active ? t('admin.content.active') : t('admin.content.inactive')}
        {obj.starts_at && (
          <>
            {' · '}
            {t('admin.content.field.startsAt')} <ShopTime value={obj.starts_at} />
          </>
        )}
        {obj.ends_at && (
          <>
            {' · '}
            {t('admin.content.field.endsAt')} <ShopTime value={obj.ends_at} />
          </>
        )}
      </span>
    );
  }
  return null;
}

/**
 * /admin/content/:kind: the shop's categories (the two-level tree), brands, banners or articles
 * in the shop's order, moved up and down in place (each move saves the positions with If-Match).
 */
function ContentList({ kind }) {
  const t = useT();
  const notify = useNotify();
  const call = useApiCall();
  const config = KINDS[kind];
  const { search } = useLocation();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  // Banners and articles come a page at a time, in the shop's order (their order is edited as a
  // number); categories and brands whole, moved up and down in place.
  const list = useRemote((api) => listContent(api, kind, page), [kind, search]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  const items = list.data?.data || [];
  const rows =
    kind === 'categories'
      ? categoryTree(items)
      : [...items].sort((a, b) => a.position - b.position || a.id - b.id).map((obj) => ({ category: obj, depth: 0 }));

  const act = async (fn, done) => {
    setBusy(true);
    setProblem(null);
    try {
      await fn();
      if (done) notify('success', done);
    } catch (error) {
      setProblem(error.message);
      notify('error', error.message);
    } finally {
      await list.reload();
      setBusy(false);
    }
  };
  const move = (obj, step) =>
    act(async () => {
      const edits = moveAmongSiblings(items, obj, step, kind === 'categories' ? sameParent : undefined);
      for (const edit of edits) {
        await call((api) => saveContent(api, kind, edit.id, { position: edit.position }, edit.version));
      }
    }, t('admin.content.moved'));
  const remove = (obj) => {
    if (!window.confirm(t('admin.content.confirmDelete', { name: config.label(obj) }))) return;
    act(() => call((api) => deleteContent(api, kind, obj.id, obj.version)), t('admin.content.deleted'));
  };

  return (
    <div className="space-y-4" data-testid={`admin-${kind}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t(config.title)}</h1>
        <Link
          to={`/admin/content/${kind}/new`}
          className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white hover:bg-gray-700"
          data-testid="new-content"
        >
          {t(config.newTitle)}
        </Link>
      </div>
      {problem && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700" data-testid="admin-problem">
          {problem}
        </p>
      )}
      {list.error && !list.data && <p className="text-sm text-rose-700">{list.error.message}</p>}
      <ListTable
        list={list}
        empty={!rows.length}
        head={
          <>
            <th className="px-3 py-2">{t(kind === 'articles' ? 'admin.content.field.title' : 'admin.field.name')}</th>
            <th className="hidden px-3 py-2 md:table-cell">{t('admin.content.field.position')}</th>
            <th className="hidden px-3 py-2 md:table-cell">
              <span className="sr-only">{t('admin.content.details')}</span>
            </th>
            <th className="px-3 py-2">
              <span className="sr-only">{t('admin.actions')}</span>
            </th>
          </>
        }
      >
        <tbody className="divide-y divide-gray-100">
          {rows.map(({ category: obj, depth }) => (
            <tr key={obj.id} data-testid="content-row" data-id={obj.id}>
              <td className="px-3 py-2">
                <Link
                  to={`/admin/content/${kind}/${obj.id}`}
                  className={`flex items-center gap-2 hover:underline ${depth ? 'pl-6' : 'font-medium'}`}
                >
                  {config.picture && (
                    <Img
                      src={obj.avatar}
                      alt=""
                      width={40}
                      height={40}
                      className="h-10 w-10 shrink-0 rounded object-cover"
                    />
                  )}
                  <span className="min-w-[8rem]">
                    {depth ? '└ ' : ''}
                    {config.label(obj)}
                  </span>
                </Link>
              </td>
              <td className="hidden px-3 py-2 md:table-cell">{obj.position}</td>
              <td className="hidden px-3 py-2 text-gray-600 md:table-cell">
                <Details kind={kind} obj={obj} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right">
                {config.arrows && (
                  <>
                    <Button
                      small
                      disabled={busy}
                      onClick={() => move(obj, -1)}
                      aria-label={t('admin.content.up')}
                      data-testid="move-up"
                    >
                      ↑
                    </Button>{' '}
                    <Button
                      small
                      disabled={busy}
                      onClick={() => move(obj, 1)}
                      aria-label={t('admin.content.down')}
                      data-testid="move-down"
                    >
                      ↓
                    </Button>{' '}
                  </>
                )}
                <Button small kind="danger" disabled={busy} onClick={() => remove(obj)} data-testid="delete-content">
                  {t('admin.action.delete')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <ListFooter list={list} page={page} />
    </div>
  );
}

export default function ContentListPage() {
  const t = useT();
  const { kind } = useParams();
  if (!kindNames.includes(kind)) return <p className="text-gray-600">{t('admin.notFound')}</p>;
  return <ContentList key={kind} kind={kind} />;
}
