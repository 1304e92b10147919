import tailwindcss from 'tailwindcss';
import autoprefixer from 'autoprefixer';
import oldBrowserFallbacks from './scripts/old-browser-fallbacks.js';

export default {
  // Fallbacks for aspect-ratio and flex gap in WeChat's older engines (scripts/old-browser-fallbacks.js).
  plugins: [tailwindcss(), oldBrowserFallbacks(), autoprefixer()],
};
