// Every image carries width and height so the page does not jump while it loads.
export const NO_PICTURE = '/no-picture.svg';

export default function Img({ src, alt = '', width = 400, height = 400, className = '', eager = false }) {
  return (
    <img
      src={src || NO_PICTURE}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}
