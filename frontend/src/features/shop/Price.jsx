import { useSelector } from 'react-redux';
import { formatNzd, formatYuan } from '../../common/display.js';
import { yuanOf } from '../../common/rules/money.js';
import { selectExchangeRate, selectShop } from './shopSlice.js';

/**
 * A price in NZ dollars (to the cent, as charged) and yuan (to the jiao). The Chinese shop leads
 * with yuan, the English (New Zealand) one with NZ dollars. `rate` is an order's own rate (else
 * the shop's); a sum passes its own `yuan` (rules/yuan_cases.json), `approximate` marks a yuan
 * figure that does not add up exactly to the total beside it. The struck original when a lower
 * price applies. `lead` is a word before it ("from" on a card of a product with variants).
 */
export default function Price({
  price,
  original = null,
  size = 'md',
  yuan = null,
  rate = null,
  approximate = false,
  lead = null,
}) {
  const shopRate = useSelector(selectExchangeRate);
  const english = useSelector(selectShop)?.language === 'en';
  const r = rate ?? shopRate;
  const big = `${size === 'lg' ? 'text-3xl' : 'text-lg'} font-semibold text-rose-600`;
  const small = 'text-sm text-gray-600';
  const yuanText = `${approximate ? '≈' : ''}¥${formatYuan(yuan ?? yuanOf(price, r))}`;
  const nzdText = `NZ$${formatNzd(price)}`;
  const yuanSpan = (
    <span key="yuan" className={english ? small : big} data-testid="price-yuan">
      {yuanText}
    </span>
  );
  const nzdSpan = (
    <span key="nzd" className={english ? big : small} data-testid="price-nzd">
      {nzdText}
    </span>
  );
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5" data-price="">
      {lead && <span className={small}>{lead}</span>}
      {english ? [nzdSpan, yuanSpan] : [yuanSpan, nzdSpan]}
      {original != null && (
        <span className="text-xs text-gray-600 line-through" data-testid="price-original">
          {english ? `NZ$${formatNzd(original)}` : `¥${formatYuan(yuanOf(original, r))}`}
        </span>
      )}
    </div>
  );
}
