// Tailwind 3 on purpose: its output has no cascade layers, oklch or color-mix,
// which WeChat's older in-app browsers (Chromium 79, Safari 13) cannot read;
// Tailwind 4 needs Chrome 111 / Safari 16.4.
import colors from 'tailwindcss/colors';

/** @type {import('tailwindcss').Config} */
export default {
  content: ['./index.html', './src/**/*.{js,jsx}'],
  theme: {
    extend: {
      colors: {
        // The shop's red, one step darker than Tailwind's: rose-600 text and white text on it
        // reach 4.5:1 (Tailwind's #e11d48 gave 4.49:1 on white); hovers stay a step darker still.
        rose: { ...colors.rose, 600: colors.rose[700], 700: colors.rose[800] },
      },
    },
  },
  plugins: [],
};
