import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import Img from '../../common/components/Img.jsx';
import { ChevronIcon } from '../../common/components/Icons.jsx';
import { useT } from '../../i18n/index.js';
import { BRAND_SPEED_MS, brandCarouselConfig, nextBrandIndex } from './brandCarousel.js';

// Slide widths come from CSS breakpoints so the server HTML needs no window size;
// the step size is read from the window once mounted. Every tile is its basis wide whatever its
// name (min-w-0: a long name is cut with an ellipsis, it does not widen its tile and push the
// last one out, issue 30.7), and the track's --brand-show (the tiles in view) moves it.
export default function BrandCarousel({ brands }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [config, setConfig] = useState(() => brandCarouselConfig(1024));
  useEffect(() => {
    const update = () => setConfig(brandCarouselConfig(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  if (!brands.length) return null;
  const move = (dir) => setIndex((i) => nextBrandIndex(i, dir, brands.length, config));
  return (
    <section className="mt-10 hidden sm:block" data-testid="brand-carousel">
      <div className="mb-4 flex items-center justify-between">
        <h2 className="text-xl font-semibold">{t('home.brands')}</h2>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => move(-1)}
            aria-label={t('home.prev')}
            className="rounded-full bg-white p-2 ring-1 ring-gray-200 hover:bg-gray-100"
          >
            <ChevronIcon className="h-4 w-4 rotate-90" />
          </button>
          <button
            type="button"
            onClick={() => move(1)}
            aria-label={t('home.next')}
            className="rounded-full bg-white p-2 ring-1 ring-gray-200 hover:bg-gray-100"
          >
            <ChevronIcon className="h-4 w-4 -rotate-90" />
          </button>
        </div>
      </div>
      <div className="overflow-hidden">
        <ul
          className="flex [--brand-show:3] sm:[--brand-show:4] md:[--brand-show:6] lg:[--brand-show:8]"
          data-testid="brand-track"
          style={{
            transform: `translateX(calc(-${index} * 100% / var(--brand-show)))`,
            transition: `transform ${BRAND_SPEED_MS}ms ease`,
          }}
        >
          {brands.map((brand) => (
            <li
              key={brand.id}
              className="min-w-0 shrink-0 basis-1/3 px-2 sm:basis-1/4 md:basis-1/6 lg:basis-[12.5%]"
              data-testid="brand-tile"
            >
              <Link
                to={`/brand/${brand.id}`}
                className="flex flex-col items-center gap-2 rounded-xl bg-white p-3 ring-1 ring-gray-100 hover:shadow"
              >
                {/* A box of its own: old engines' aspect-ratio fallback does not apply to an <img>. */}
                <span className="block aspect-square w-full">
                  <Img
                    src={brand.avatar}
                    srcSet={brand.avatar_srcset}
                    alt=""
                    width={120}
                    height={120}
                    className="h-full w-full object-contain"
                  />
                </span>
                <span className="w-full truncate text-center text-xs text-gray-700">{brand.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
