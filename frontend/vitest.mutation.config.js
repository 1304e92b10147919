// Stryker's test run (stryker.config.json, make mutation): the frontend's test settings with the
// frontend as the root (Stryker starts from the repo's root), limited to the tests of the rules.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from './vite.config.js';

export default defineConfig({
  ...base,
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { ...base.test, include: ['src/common/rules/*.test.js', 'src/common/display.test.js'] },
});
