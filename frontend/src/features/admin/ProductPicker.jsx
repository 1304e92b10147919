import { useEffect, useId, useState } from 'react';
import { listProducts } from '../../api/admin.js';
import { useApiCall } from '../../common/useApiCall.js';
import { useT } from '../../i18n/index.js';
import { parseIds } from './content/kinds.js';

// The BFF's list answers pages of its page size; a picker asks for the names of at most this many ids a call.
const IDS_PER_CALL = 100;
const SEARCH_PAUSE_MS = 250;

/** The products of `ids` as the console lists them ({ id, name, sku, ... }), every page of them. */
async function productsOf(call, ids) {
  const rows = [];
  for (let i = 0; i < ids.length; i += IDS_PER_CALL) {
    const chunk = ids.slice(i, i + IDS_PER_CALL).join(',');
    for (let page = 1, last = 1; page <= last; page += 1) {
      const answer = await call((api) => listProducts(api, { ids: chunk, page }));
      rows.push(...answer.data);
      last = answer.last_page || 1;
    }
  }
  return rows;
}

/**
 * Products chosen by finding them (name or SKU, as the product list searches), instead of typing
 * their ids: banners' products, a discount code's products. The form keeps what it kept before,
 * the ids as text ("3, 5"), so its rules and body are unchanged; onChange(name, "3, 5, 8").
 */
export default function ProductPicker({ label, name, value, onChange, error, hint, className = '' }) {
  const t = useT();
  const call = useApiCall();
  const inputId = useId();
  const ids = parseIds(value) || [];
  const [known, setKnown] = useState({});
  const [term, setTerm] = useState('');
  // The matches of the words last searched: { words, rows }.
  const [answer, setAnswer] = useState({ words: '', rows: [] });

  const remember = (rows) => setKnown((k) => ({ ...k, ...Object.fromEntries(rows.map((p) => [p.id, p])) }));

  // The names of chosen products not seen yet (a saved banner's, a reload's).
  const missing = ids.filter((id) => !known[id]).join(',');
  useEffect(() => {
    if (!missing) return undefined;
    let live = true;
    productsOf(call, missing.split(',').map(Number))
      .then((rows) => live && remember(rows))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [missing, call]);

  useEffect(() => {
    const words = term.trim();
    if (!words) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      call((api) => listProducts(api, { q: words }))
        .then((page) => {
          if (!live) return;
          remember(page.data);
          setAnswer({ words, rows: page.data });
        })
        .catch(() => live && setAnswer({ words, rows: [] }));
    }, SEARCH_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [term, call]);

  const write = (next) => onChange(name, next.join(', '));
  const add = (id) => write(ids.includes(id) ? ids : [...ids, id]);
  const remove = (id) => write(ids.filter((x) => x !== id));
  const title = (id) => known[id]?.name ?? `#${id}`;
  const found = term.trim() && answer.words === term.trim() ? answer.rows : null;

  return (
    <div className={className} data-testid={`picker-${name}`}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <ul className="mb-2 flex flex-wrap gap-2" aria-label={t('admin.picker.chosen')} data-testid="picker-chosen">
        {ids.length === 0 && <li className="text-sm text-gray-500">{t('admin.picker.none')}</li>}
        {ids.map((id) => (
          <li
            key={id}
            className="flex items-center gap-1 rounded-full bg-gray-100 py-0.5 pl-3 pr-1 text-sm"
            data-testid="picker-chip"
          >
            <span>
              {title(id)} <span className="text-xs text-gray-500">#{id}</span>
            </span>
            <button
              type="button"
              onClick={() => remove(id)}
              aria-label={t('admin.picker.remove', { name: title(id) })}
              className="rounded-full px-1.5 text-gray-500 hover:bg-gray-200 hover:text-gray-900"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={inputId}
        type="search"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder={t('admin.picker.search')}
        aria-invalid={Boolean(error)}
        className={`block w-full rounded-md border bg-white px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-rose-200 ${error ? 'border-rose-500' : 'border-gray-300'}`}
        data-testid="picker-search"
      />
      {found && (
        <ul
          className="mt-1 max-h-60 divide-y overflow-auto rounded-md border border-gray-200"
          data-testid="picker-found"
        >
          {found.length === 0 && <li className="p-2 text-sm text-gray-500">{t('admin.picker.noMatch')}</li>}
          {found.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-2 p-2 text-sm">
              <span>
                {p.name}{' '}
                <span className="text-xs text-gray-500">
                  #{p.id}
                  {p.sku ? ` · ${p.sku}` : ''}
                </span>
              </span>
              <button
                type="button"
                disabled={ids.includes(p.id)}
                onClick={() => add(p.id)}
                className="rounded bg-gray-900 px-2 py-1 text-xs text-white disabled:opacity-40"
                data-testid="picker-add"
              >
                {t('admin.picker.add')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {hint && !error && <p className="mt-1 text-xs text-gray-500">{hint}</p>}
      {error && (
        <p className="mt-1 text-sm text-rose-600" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}
