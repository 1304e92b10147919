import { Link, useLoaderData, useSearchParams } from 'react-router';
import { useT } from '../../i18n/index.js';
import { useProductChoice, VARIANT_PARAM } from './useProductChoice.js';
import {
  Breadcrumb,
  Collapsible,
  Gallery,
  PriceBox,
  ProductDetails,
  ProductFacts,
  PurchaseActions,
  VariantPicker,
} from './ProductParts.jsx';

/** The product page (SPEC section 2): gallery, price, facts, variants, purchase, and the BFF-cleaned details. */
export default function ProductPage() {
  const t = useT();
  const { product } = useLoaderData();
  const [params] = useSearchParams();
  const choice = useProductChoice(product, params.get(VARIANT_PARAM));
  return (
    <div className="pt-6">
      <Breadcrumb product={product} />
      <div className="grid gap-8 md:grid-cols-2">
        <Gallery product={product} picture={choice.variant?.image} />
        <div>
          <h1 className="text-2xl font-semibold leading-snug" data-testid="product-title">
            {product.name}
          </h1>
          {product.brand && (
            <Link to={`/brand/${product.brand.id}`} className="mt-1 inline-block text-sm text-rose-600 hover:underline">
              {product.brand.name}
            </Link>
          )}
          {product.description && (
            <p className="mt-3 text-gray-600" data-testid="product-description">
              {product.description}
            </p>
          )}
          <PriceBox choice={choice} />
          <ProductFacts product={product} choice={choice} />
          {choice.variants.length > 0 && (
            <VariantPicker variants={choice.variants} chosenId={choice.variantId} onChoose={choice.chooseVariant} />
          )}
          <PurchaseActions product={product} choice={choice} />
          <p className="mt-4 text-xs text-gray-500" data-testid="warranty">
            {t('product.warranty')}
          </p>
          <div className="mt-6">
            {product.composition && (
              <Collapsible title={t('product.composition')} testId="composition">
                {product.composition}
              </Collapsible>
            )}
            {product.usage_instructions && (
              <Collapsible title={t('product.usage')} testId="usage">
                {product.usage_instructions}
              </Collapsible>
            )}
          </div>
        </div>
      </div>
      {product.product_details && <ProductDetails html={product.product_details} />}
    </div>
  );
}
