// How wide the product page's main picture is shown (its <img sizes>), shared with the server's
// preload of it (app/pageHeads.js), so the browser takes the preloaded copy.
export const MAIN_PICTURE_SIZES = '(min-width: 768px) 50vw, 100vw';
// A banner spans the page's width: its <img srcset> has no `sizes`, which then means 100vw (no
// bytes on the home page's first load), and the server's preload of it says the same.
export const BANNER_SIZES = '100vw';

/** The product's main picture: the avatar image, else the first; null when it has none. */
export function mainPicture(product) {
  const images = product.images || [];
  return images.find((img) => img.id === product.avatar) || images[0] || null;
}
