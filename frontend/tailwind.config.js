// Tailwind 3 on purpose: its output has no cascade layers, oklch or color-mix,
// which WeChat's older in-app browsers (Chromium 79, Safari 13) cannot read;
// Tailwind 4 needs Chrome 111 / Safari 16.4.
/** @type {import('tailwindcss').Config} */
export default {
  content: ['./index.html', './src/**/*.{js,jsx}'],
  theme: { extend: {} },
  plugins: [],
};
