// Every image carries width and height so the page does not jump while it loads. Pictures
// uploaded from the console also have WebP copies at several widths (`srcSet`, from the BFF's
// `srcset`); `sizes` tells the browser how wide the picture is shown, so a phone fetches the
// 320 or 640 copy and a desktop the 1280 one. The page's largest picture (its LCP: the first
// banner, a product's main picture) is `priority`: fetched at once and before the others, and the
// server's head preloads it too (app/pageHeads.js).
export const NO_PICTURE = '/no-picture.svg';

export default function Img({
  src,
  srcSet = null,
  sizes = undefined,
  alt = '',
  width = 400,
  height = 400,
  className = '',
  eager = false,
  priority = false,
}) {
  return (
    <img
      src={src || NO_PICTURE}
      srcSet={src && srcSet ? srcSet : undefined}
      sizes={src && srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
