import { Link } from 'react-router';
import { useDispatch, useSelector } from 'react-redux';
import Img from '../../common/components/Img.jsx';
import Price from '../shop/Price.jsx';
import { avatarImage } from '../../common/display.js';
import { useT } from '../../i18n/index.js';
import { linePrice, lineQuantityChanged, lineRemoved, yuanLines } from './cartSlice.js';
import { yuanTotals } from '../../common/rules/money.js';
import { selectExchangeRate } from '../shop/shopSlice.js';
import { useFailureNotice } from './useShopping.js';

/**
 * Cart lines (slide-over and checkout). Each links to /product/{id}; a line
 * with quantity 1 shows remove instead of decrease. A line's yuan is marked approximate when the
 * lines' yuan don't add up to the subtotal's (rules/yuan_cases.json).
 */
export default function CartLines({ items, onNavigate }) {
  const t = useT();
  const rate = useSelector(selectExchangeRate);
  const approximate = !yuanTotals(yuanLines(items), rate).linesAddUp;
  const dispatch = useDispatch();
  const failed = useFailureNotice();
  const run = async (action) => {
    const result = await dispatch(action);
    if (result.meta?.requestStatus === 'rejected') failed(result.payload);
  };
  const btn =
    'flex h-8 min-w-8 items-center justify-center rounded border border-gray-300 px-2 text-sm hover:bg-gray-100';
  return (
    <ul className="divide-y divide-gray-100" data-testid="cart-lines">
      {items.map((line) => {
        const product = line.product || {};
        const image = avatarImage(product) || product.images?.[0];
        const quantity = Number(line.quantity) || 0;
        return (
          <li key={line.id} className="flex gap-3 py-3" data-testid="cart-line">
            <Link
              to={`/product/${product.id}`}
              onClick={onNavigate}
              className="h-16 w-16 shrink-0 overflow-hidden rounded-lg bg-gray-50"
            >
              <Img
                src={image?.path}
                alt={image?.alt || product.name}
                width={64}
                height={64}
                className="h-full w-full object-cover"
              />
            </Link>
            <div className="min-w-0 flex-1">
              <Link
                to={`/product/${product.id}`}
                onClick={onNavigate}
                className="line-clamp-2 text-sm font-medium hover:underline"
                data-testid="cart-line-name"
              >
                {product.name}
              </Link>
              {line.variant && (
                <p className="text-xs text-gray-500" data-testid="cart-line-variant">
                  {line.variant.name}
                </p>
              )}
              <Price price={linePrice(line)} approximate={approximate} />
              <div className="mt-1 flex items-center gap-1">
                {quantity <= 1 ? (
                  <button
                    type="button"
                    className={btn}
                    onClick={() => run(lineRemoved(line))}
                    data-testid="line-remove"
                  >
                    {t('cart.remove')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className={btn}
                    aria-label={t('cart.decrease')}
                    onClick={() => run(lineQuantityChanged({ line, quantity: quantity - 1 }))}
                    data-testid="line-decrease"
                  >
                    −
                  </button>
                )}
                <span className="w-8 text-center text-sm" aria-label={t('cart.quantity')} data-testid="line-quantity">
                  {quantity}
                </span>
                <button
                  type="button"
                  className={btn}
                  aria-label={t('cart.increase')}
                  onClick={() => run(lineQuantityChanged({ line, quantity: quantity + 1 }))}
                  data-testid="line-increase"
                >
                  +
                </button>
                {quantity > 1 && (
                  <button
                    type="button"
                    className="ml-auto text-xs text-gray-500 hover:text-rose-600"
                    onClick={() => run(lineRemoved(line))}
                    data-testid="line-delete"
                  >
                    {t('cart.remove')}
                  </button>
                )}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
