// Every image carries width and height so the page does not jump while it loads. Pictures
// uploaded from the console also have WebP copies at several widths (`srcSet`, from the BFF's
// `srcset`); `sizes` tells the browser how wide the picture is shown, so a phone fetches the
// 320 or 640 copy and a desktop the 1280 one.
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
}) {
  return (
    <img
      src={src || NO_PICTURE}
      srcSet={src && srcSet ? srcSet : undefined}
      sizes={src && srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}
