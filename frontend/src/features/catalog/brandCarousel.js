// Featured brands carousel (SPEC section 2): up to 8 shown, 6 below 1024 px,
// 4 below 768 px, 3 below 640 px; scroll step 4/3/4/3; speed 6000; no autoplay.
export const BRAND_SPEED_MS = 6000;

export function brandCarouselConfig(width) {
  if (width < 640) return { show: 3, scroll: 3 };
  if (width < 768) return { show: 4, scroll: 4 };
  if (width < 1024) return { show: 6, scroll: 3 };
  return { show: 8, scroll: 4 };
}

/** Next first-visible index after moving `direction` (+1/-1) by one step. */
export function nextBrandIndex(index, direction, count, { show, scroll }) {
  const max = Math.max(0, count - show);
  return Math.min(max, Math.max(0, index + direction * scroll));
}
