import ProductCard from './ProductCard.jsx';

/**
 * Two columns, four on large screens (SPEC section 2). `headingLevel` of the cards' names: one below
 * the heading the grid sits under (h2 under a page's h1, h3 under the home page's h2 rows).
 */
export default function ProductGrid({ products, emptyText, headingLevel = 3 }) {
  if (!products.length) return <p className="py-12 text-center text-gray-500">{emptyText}</p>;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="product-grid">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < 4} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
