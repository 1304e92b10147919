import { useSelector } from 'react-redux';
import { formatNumber } from '../../common/display.js';
import { yuanOf } from '../../common/rules/money.js';
import { selectExchangeRate } from './shopSlice.js';

/**
 * Yuan first, NZ dollars beside it; the struck original when a lower price applies. A sum passes
 * its own `yuan` (yuan of each line, summed: common/rules/money.js, yuanTotals).
 */
export default function Price({ price, original = null, size = 'md', yuan = null }) {
  const rate = useSelector(selectExchangeRate);
  const big = size === 'lg' ? 'text-3xl' : 'text-lg';
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5" data-price="">
      <span
        className={`${big} font-semibold text-rose-600`}
        data-testid="price-yuan"
      >{`¥${formatNumber(yuan ?? yuanOf(price, rate))}`}</span>
      <span className="text-sm text-gray-600" data-testid="price-nzd">{`NZ$${formatNumber(price)}`}</span>
      {original != null && (
        <span className="text-xs text-gray-600 line-through">{`¥${formatNumber(yuanOf(original, rate))}`}</span>
      )}
    </div>
  );
}
