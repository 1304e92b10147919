import { useSelector } from 'react-redux';
import { formatNumber, toYuan } from '../../common/display.js';
import { selectExchangeRate } from './shopSlice.js';

/** Yuan first, NZ dollars beside it; the struck original when a lower price applies. */
export default function Price({ price, original = null, size = 'md' }) {
  const rate = useSelector(selectExchangeRate);
  const big = size === 'lg' ? 'text-3xl' : 'text-lg';
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span
        className={`${big} font-semibold text-rose-600`}
        data-testid="price-yuan"
      >{`¥${formatNumber(toYuan(price, rate))}`}</span>
      <span className="text-sm text-gray-600" data-testid="price-nzd">{`NZ$${formatNumber(price)}`}</span>
      {original != null && (
        <span className="text-xs text-gray-400 line-through">{`¥${formatNumber(toYuan(original, rate))}`}</span>
      )}
    </div>
  );
}
