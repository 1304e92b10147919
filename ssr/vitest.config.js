import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'ssr', environment: 'node', include: ['**/*.test.js'], exclude: ['node_modules/**', 'bench/**'] },
});
