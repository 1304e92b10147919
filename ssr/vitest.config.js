import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'ssr',
    environment: 'node',
    include: ['**/*.test.js'],
    exclude: ['node_modules/**', 'bench/**'],
    // The request lines (ssr/logging.js) stay out of the test output; ssr/logging.test.js reads its own.
    env: { LOG_LEVEL: 'silent' },
  },
});
