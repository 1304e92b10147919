import { useState } from 'react';
import { fetchExchangeRates } from '../../../api/adminContent.js';
import { useRemote } from '../../../common/useRemote.js';
import { useT } from '../../../i18n/index.js';
import ShopTime from '../../shop/ShopTime.jsx';
import PagedNav from '../PagedNav.jsx';

const rate = (value) => (value == null ? '—' : Number(value).toFixed(4));

/** The exchange rate's history, newest first, paged by the BFF; `version` reloads it after a save. */
export default function ExchangeRateHistory({ version }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const history = useRemote((api) => fetchExchangeRates(api, page), [page, version]);
  const rows = history.data?.data || [];
  return (
    <div data-testid="rate-history">
      <p className="mb-2 text-sm font-medium text-gray-700">{t('admin.settings.rateHistory')}</p>
      {history.error && <p className="text-sm text-rose-700">{history.error.message}</p>}
      {history.loaded && !rows.length && <p className="text-sm text-gray-500">{t('admin.empty')}</p>}
      {rows.length > 0 && (
        <table className="min-w-full text-left text-sm">
          <thead className="text-xs text-gray-500">
            <tr>
              <th className="py-1 pr-3">{t('admin.settings.rateAt')}</th>
              <th className="py-1 pr-3">{t('admin.settings.ratePrevious')}</th>
              <th className="py-1 pr-3">{t('admin.settings.rateNew')}</th>
              <th className="py-1">{t('admin.settings.rateBy')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((row) => (
              <tr key={row.id} data-testid="rate-row">
                <td className="py-1 pr-3">
                  <ShopTime value={row.at} />
                </td>
                <td className="py-1 pr-3">{rate(row.previous)}</td>
                <td className="py-1 pr-3 font-medium">{rate(row.rate)}</td>
                <td className="py-1 text-gray-600">{row.actor_email || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PagedNav page={history.data} onPage={setPage} />
    </div>
  );
}
