import ProductCard from './ProductCard.jsx';

/** Two columns, four on large screens (SPEC section 2). */
export default function ProductGrid({ products, emptyText }) {
  if (!products?.length) return <p className="py-12 text-center text-gray-500">{emptyText}</p>;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="product-grid">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < 4} />
      ))}
    </div>
  );
}
