// The parts of the product page (SPEC section 2). It renders on the server and
// hydrates: what these render must not depend on the browser.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import Img from '../../common/components/Img.jsx';
import { ChevronIcon, CloseIcon, HeartIcon, ShareIcon } from '../../common/components/Icons.jsx';
import { stockText } from '../../common/display.js';
import { useT } from '../../i18n/index.js';
import Price from '../shop/Price.jsx';
import { useNotify } from '../ui/useNotify.js';
import { useAddToCart, useFavoriteToggle } from '../cart/useShopping.js';
import { productPath, useShareLink } from './useProductChoice.js';
import { MAIN_PICTURE_SIZES, mainPicture } from './pictures.js';

/**
 * The pictures, from the main one (what the server's head preloads); `picture`, the chosen
 * variant's, is shown when the shopper chooses a variant that has one.
 */
export function Gallery({ product, picture = null }) {
  const images = product.images || [];
  const main = mainPicture(product);
  const [selected, setSelected] = useState(main?.id ?? null);
  const [variantPicture, setVariantPicture] = useState(picture);
  if (picture !== variantPicture) {
    setVariantPicture(picture);
    if (picture != null) setSelected(picture);
  }
  const current = images.find((img) => img.id === selected) || main;
  return (
    <div data-testid="gallery">
      <div className="aspect-square overflow-hidden rounded-2xl bg-white ring-1 ring-gray-100">
        <Img
          src={current?.path}
          srcSet={current?.srcset}
          sizes={MAIN_PICTURE_SIZES}
          alt={current?.alt || product.imageAlt || product.name}
          width={800}
          height={800}
          priority
          className="h-full w-full object-contain"
        />
      </div>
      {images.length > 1 && (
        <div className="mt-3 grid grid-cols-5 gap-2">
          {images.map((img) => (
            <button
              key={img.id}
              type="button"
              onClick={() => setSelected(img.id)}
              aria-label={img.alt || img.name || product.name}
              aria-pressed={img.id === current?.id}
              className={`aspect-square overflow-hidden rounded-lg bg-white ring-2 ${img.id === current?.id ? 'ring-rose-500' : 'ring-transparent hover:ring-gray-300'}`}
            >
              <Img
                src={img.path}
                srcSet={img.srcset}
                sizes="120px"
                alt=""
                width={120}
                height={120}
                className="h-full w-full object-cover"
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

export function Collapsible({ title, children, testId }) {
  return (
    <details className="group border-b border-gray-200 py-3" data-testid={testId}>
      <summary className="flex cursor-pointer list-none items-center justify-between font-medium">
        {title}
        <ChevronIcon className="h-4 w-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="mt-2 whitespace-pre-line text-sm text-gray-700">{children}</div>
    </details>
  );
}

function QuantityPicker({ value, max, onChange }) {
  const t = useT();
  const clamp = (n) => Math.min(Math.max(1, n), Math.max(1, max));
  return (
    <div className="flex items-center" data-testid="quantity">
      <button
        type="button"
        onClick={() => onChange(clamp(value - 1))}
        disabled={value <= 1}
        aria-label={t('product.decrease')}
        className="h-10 w-10 rounded-l-lg border border-gray-300 disabled:opacity-40"
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(1, max)}
        value={value}
        aria-label={t('product.quantity')}
        onChange={(e) => onChange(clamp(Number.parseInt(e.target.value, 10) || 1))}
        className="h-10 w-14 border-y border-gray-300 text-center [appearance:textfield]"
      />
      <button
        type="button"
        onClick={() => onChange(clamp(value + 1))}
        disabled={value >= max}
        aria-label={t('product.increase')}
        className="h-10 w-10 rounded-r-lg border border-gray-300 disabled:opacity-40"
      >
        +
      </button>
    </div>
  );
}

export function Breadcrumb({ product }) {
  const t = useT();
  return (
    <nav aria-label="breadcrumb" className="mb-4 text-sm text-gray-500">
      <Link to="/" className="hover:text-gray-900">
        {t('nav.home')}
      </Link>
      {product.category && (
        <>
          {' / '}
          <Link to={`/category/${product.category.id}`} className="hover:text-gray-900">
            {product.category.name}
          </Link>
        </>
      )}
      {' / '}
      <span className="text-gray-700">{product.name}</span>
    </nav>
  );
}

export function PriceBox({ choice }) {
  const t = useT();
  return (
    <div className="mt-5 rounded-xl bg-rose-50 p-4" data-testid="product-price">
      <Price price={choice.price} original={choice.original} size="lg" />
      {choice.special && (
        <span className="mt-2 inline-block rounded bg-rose-600 px-1.5 py-0.5 text-xs text-white">
          {t('badge.special')}
        </span>
      )}
    </div>
  );
}

/** Stock, weight and shipping of the chosen variant (or the product). */
export function ProductFacts({ product, choice }) {
  const t = useT();
  const freeShipping = Number(product.is_free_shipping) === 1;
  return (
    <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      <dt className="text-gray-500">{t('product.stock')}</dt>
      <dd data-testid="stock-text">{choice.soldOut ? t('badge.soldOut') : stockText(choice.stock, t)}</dd>
      <dt className="text-gray-500">{t('product.weight')}</dt>
      <dd>{t('product.grams', { n: choice.weight ?? 0 })}</dd>
      <dt className="text-gray-500">{t('product.shipping')}</dt>
      <dd data-testid="free-shipping">{freeShipping ? t('product.freeShipping') : t('product.notFreeShipping')}</dd>
    </dl>
  );
}

export function VariantPicker({ variants, chosenId, onChoose }) {
  const t = useT();
  const look = (chosen) =>
    chosen ? 'bg-gray-900 text-white ring-gray-900' : 'bg-white ring-gray-300 hover:ring-gray-500';
  return (
    <fieldset className="mt-5">
      <legend className="mb-2 text-sm text-gray-500">{t('product.variants')}</legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((v) => (
          <button
            key={v.id}
            type="button"
            onClick={() => onChoose(v.id)}
            aria-pressed={v.id === chosenId}
            className={`rounded-lg px-3 py-1.5 text-sm ring-1 ${look(v.id === chosenId)}`}
          >
            {v.name}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Quantity, add to cart (sold out says so instead), wish list and share. */
export function PurchaseActions({ product, choice }) {
  const t = useT();
  const notify = useNotify();
  const add = useAddToCart();
  const [favorite, toggleFavorite] = useFavoriteToggle(product.id);
  const [share, shared, closeShared] = useShareLink(product.id);
  const { soldOut, stock, variant, quantity } = choice;
  const addToCart = () =>
    stock <= 0
      ? notify('info', t('cart.soldOutNotAdded'))
      : add(product, { variant, quantity, returnTo: productPath(product.id, variant?.id) });
  const iconButton = 'h-10 rounded-lg p-2 ring-1 ring-gray-300 hover:text-rose-600';
  // On a phone the quantity has its own row and the three buttons share the next, so the share
  // button never wraps alone onto a row (issue 30.7); from `sm` on, all four share one row.
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      <QuantityPicker value={quantity} max={stock} onChange={choice.setQuantity} />
      <div className="flex flex-[1_1_100%] items-center gap-3 sm:flex-[1_1_15rem]" data-testid="purchase-buttons">
        <button
          type="button"
          onClick={addToCart}
          data-testid="add-to-cart"
          aria-disabled={soldOut}
          className={`h-10 min-w-[8rem] flex-1 whitespace-nowrap rounded-lg px-4 text-sm font-medium text-white ${
            soldOut ? 'bg-gray-300' : 'bg-rose-600 hover:bg-rose-700'
          }`}
        >
          {soldOut ? t('badge.soldOut') : t('cart.add')}
        </button>
        <button
          type="button"
          onClick={toggleFavorite}
          aria-label={t('favorite.toggle')}
          aria-pressed={favorite}
          data-testid="product-favorite"
          className={iconButton}
        >
          <HeartIcon className={`h-6 w-6 ${favorite ? 'fill-rose-600 text-rose-600' : ''}`} />
        </button>
        <button
          type="button"
          onClick={share}
          aria-label={t('product.share')}
          data-testid="share"
          className={iconButton}
        >
          <ShareIcon className="h-6 w-6" />
        </button>
      </div>
      {shared && <SharedLink shared={shared} onClose={closeShared} />}
    </div>
  );
}

/** The link, selected for copying by hand, where the clipboard cannot be written. */
function SharedLink({ shared, onClose }) {
  const t = useT();
  const input = useRef(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [shared.link]);
  return (
    <div className="relative w-full rounded-lg bg-gray-100 p-3 pr-9 text-sm" role="status" data-testid="share-fallback">
      <p className="text-gray-700">{t('product.shareSelect')}</p>
      <input
        ref={input}
        readOnly
        value={shared.link}
        aria-label={t('product.share')}
        onFocus={(e) => e.target.select()}
        className="mt-2 w-full rounded border border-gray-300 bg-white px-2 py-1.5 text-gray-900"
        data-testid="share-link"
      />
      {shared.wechat && (
        <p className="mt-2 text-gray-700" data-testid="share-wechat">
          {t('product.shareWechat')}
        </p>
      )}
      <button
        type="button"
        onClick={onClose}
        aria-label={t('product.shareClose')}
        className="absolute right-1 top-1 rounded p-1.5 text-gray-600 hover:bg-gray-200"
      >
        <CloseIcon className="h-4 w-4" />
      </button>
    </div>
  );
}

export function ProductDetails({ html }) {
  const t = useT();
  return (
    <section className="mt-10 rounded-2xl bg-white p-6 ring-1 ring-gray-100">
      <h2 className="mb-4 text-lg font-semibold">{t('product.details')}</h2>
      {/* product_details is sanitised by the BFF (docs/api.md): an allow-list of tags and attributes. */}
      <div className="rich-text" data-testid="product-details" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
