import { useState } from 'react';
import { useSelector } from 'react-redux';
import { cardPrice, isSoldOut } from '../../common/display.js';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';
import { selectUser } from '../account/userSlice.js';

/** The product page's query parameter naming the chosen variant (the way back after signing in). */
export const VARIANT_PARAM = 'variant';

/** The product page's URL with this variant chosen. */
export const productPath = (productId, variantId = null) =>
  variantId == null ? `/product/${productId}` : `/product/${productId}?${VARIANT_PARAM}=${variantId}`;

/**
 * The variant and quantity picked on the product page, and what follows from
 * them: a chosen variant carries its own price, stock and weight. `wantedVariant`
 * (from the URL) is chosen first when the product has it.
 */
export function useProductChoice(product, wantedVariant = null) {
  const user = useSelector(selectUser);
  const variants = product.product_variants || [];
  const [variantId, setVariantId] = useState(
    () => variants.find((v) => String(v.id) === String(wantedVariant))?.id ?? variants[0]?.id ?? null,
  );
  const [quantity, setQuantity] = useState(1);
  const variant = variants.find((v) => v.id === variantId) || null;
  const priced = variant ? { ...product, ...variant, id: product.id } : product;
  const { price, original, special } = cardPrice(priced, user);
  const chooseVariant = (id) => {
    setVariantId(id);
    setQuantity(1);
  };
  return {
    variants,
    variant,
    variantId,
    chooseVariant,
    quantity,
    setQuantity,
    price,
    original,
    special,
    stock: Number(priced.virtual_inventory) || 0,
    weight: variant && Number(variant.weight) > 0 ? variant.weight : product.weight,
    soldOut: isSoldOut(priced),
  };
}

/**
 * Copy the product's link to the clipboard. Where that cannot be done (WeChat's browser has no
 * `navigator.clipboard`, or refuses it) the link is shown, selected, for the shopper to copy, with
 * WeChat's own share menu named inside WeChat: [share, shown ({ link, wechat }) or null, close].
 */
export function useShareLink(productId) {
  const t = useT();
  const notify = useNotify();
  const [shown, setShown] = useState(null);
  const share = async () => {
    const link = `${window.location.origin}/product/${productId}`;
    try {
      await navigator.clipboard.writeText(link);
      notify('success', t('product.copied'));
    } catch {
      setShown({ link, wechat: /MicroMessenger/i.test(navigator.userAgent) });
    }
  };
  return [share, shown, () => setShown(null)];
}
