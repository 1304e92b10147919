import { Link } from 'react-router';
import { useSelector } from 'react-redux';
import Img from '../../common/components/Img.jsx';
import Price from '../shop/Price.jsx';
import { CartIcon, HeartIcon } from '../../common/components/Icons.jsx';
import { avatarImage, cardPrice, isSoldOut } from '../../common/display.js';
import { fromPrice } from './fromPrice.js';
import { useT } from '../../i18n/index.js';
import { selectUser } from '../account/userSlice.js';
import { useAddToCart, useFavoriteToggle } from '../cart/useShopping.js';

// Cards are two across on a phone, up to four on a desktop (the listing grids).
const CARD_SIZES = '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

export default function ProductCard({ product, eager = false, headingLevel = 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT();
  const user = useSelector(selectUser);
  const [favorite, toggleFavorite] = useFavoriteToggle(product.id);
  const addToCart = useAddToCart();
  const image = avatarImage(product) || {};
  // With variants: "from" the cheapest one's price, as this shopper pays it.
  const from = fromPrice(product, user);
  const { price, original, special } = from || cardPrice(product, user);
  const soldOut = isSoldOut(product);
  const canAdd = !from && Number(product.virtual_inventory) > 0;

  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-xl bg-white ring-1 ring-gray-100 transition hover:shadow-lg"
      data-testid="product-card"
    >
      <div className="relative">
        <Link to={`/product/${product.id}`} className="block aspect-square overflow-hidden bg-gray-50">
          <Img
            src={image.path}
            srcSet={image.srcset}
            sizes={CARD_SIZES}
            alt={image.alt || product.imageAlt || product.name}
            eager={eager}
            className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
          />
        </Link>
        <div className="pointer-events-none absolute left-2 top-2 flex flex-col gap-1">
          {soldOut && (
            <span className="rounded bg-gray-800 px-1.5 py-0.5 text-xs text-white">{t('badge.soldOut')}</span>
          )}
          {special && (
            <span className="rounded bg-rose-600 px-1.5 py-0.5 text-xs text-white">{t('badge.special')}</span>
          )}
          {Number(product.is_free_shipping) === 1 && (
            <span className="rounded bg-emerald-700 px-1.5 py-0.5 text-xs text-white">{t('badge.freeShipping')}</span>
          )}
        </div>
        <div className="absolute bottom-2 right-2 flex gap-2 transition md:translate-y-2 md:opacity-0 md:group-hover:translate-y-0 md:group-hover:opacity-100 md:group-focus-within:opacity-100">
          <button
            type="button"
            onClick={toggleFavorite}
            aria-label={t('favorite.toggle')}
            aria-pressed={favorite}
            data-testid="card-favorite"
            className="rounded-full bg-white/90 p-2 text-gray-700 shadow hover:text-rose-600"
          >
            <HeartIcon className={`h-5 w-5 ${favorite ? 'fill-rose-600 text-rose-600' : ''}`} />
          </button>
          {canAdd && (
            <button
              type="button"
              onClick={() => addToCart(product)}
              aria-label={t('cart.add')}
              data-testid="card-add-to-cart"
              className="rounded-full bg-white/90 p-2 text-gray-700 shadow hover:text-rose-600"
            >
              <CartIcon className="h-5 w-5" />
            </button>
          )}
        </div>
      </div>
      <Link to={`/product/${product.id}`} className="flex flex-1 flex-col gap-1 p-3">
        <Heading className="line-clamp-2 text-sm font-medium text-gray-900" data-testid="product-name">
          {product.name}
        </Heading>
        <div className="mt-auto">
          <Price price={price} original={original} lead={from && t('price.from')} />
        </div>
      </Link>
    </article>
  );
}
