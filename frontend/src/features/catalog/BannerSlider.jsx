import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import Img from '../../common/components/Img.jsx';
import { useT } from '../../i18n/index.js';

export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_SPEED_MS = 500;

function BannerLink({ banner, children }) {
  // A banner may carry its own link; otherwise it opens its product page.
  if (banner.link_url)
    return (
      <a href={banner.link_url} className="block h-full">
        {children}
      </a>
    );
  return (
    <Link to={`/banner-products/${banner.id}`} className="block h-full">
      {children}
    </Link>
  );
}

export default function BannerSlider({ banners }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;
  useEffect(() => {
    if (count < 2 || paused) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count, paused]);
  if (!count) return null;
  return (
    <section
      className="relative overflow-hidden rounded-2xl bg-gray-200"
      aria-roledescription="carousel"
      data-testid="banner-slider"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <div
        className="flex"
        style={{ transform: `translateX(-${index * 100}%)`, transition: `transform ${BANNER_SPEED_MS}ms ease` }}
      >
        {banners.map((banner, i) => (
          <div
            key={banner.id}
            className="aspect-[3/1] w-full shrink-0"
            aria-hidden={i !== index}
            inert={i !== index ? true : undefined}
          >
            <BannerLink banner={banner}>
              <Img
                src={banner.avatar}
                srcSet={banner.avatar_srcset}
                alt={banner.name || ''}
                width={1200}
                height={400}
                priority={i === 0}
                className="h-full w-full object-cover"
              />
            </BannerLink>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-1 flex justify-center">
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={t('home.slide', { n: i + 1 })}
              aria-current={i === index}
              className="flex h-6 min-w-6 items-center justify-center px-1"
              data-testid="slide-dot"
            >
              {/* The dot stays small; the button around it is a 24 px touch target. */}
              <span
                className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-2.5 bg-white/60'}`}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
