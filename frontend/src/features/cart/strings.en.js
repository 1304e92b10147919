// English: see strings.js.
export const en = {
  'cart.title': 'Shopping cart',
  'cart.empty': 'Your cart is empty',
  'cart.add': 'Add to cart',
  'cart.soldOutNotAdded': 'Sold out, not added to cart',
  'cart.added': 'Added to cart',
  'cart.subtotal': 'Subtotal',
  'cart.checkout': 'Checkout',
  'cart.continue': 'Continue shopping',
  'cart.shippingNote': 'Shipping is calculated at checkout',
  'cart.remove': 'Remove',
  'cart.decrease': 'Decrease',
  'cart.increase': 'Increase',
  'cart.quantity': 'Quantity',
  'cart.close': 'Close cart',
};
