// Each lazy page's `chunk` (what the SSR preloads, ssr/preload.js) is the module it loads.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAZY_PAGES } from './routes.jsx';

const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('lazy pages', () => {
  it.each(LAZY_PAGES.map((p) => [p.path, p]))('%s names the module it loads', (_path, page) => {
    expect(fs.existsSync(path.join(frontend, page.chunk))).toBe(true);
    // Vitest rewrites the import() to the module's path from the root: /src/features/...
    expect(page.load.toString()).toContain(`"/${page.chunk}"`);
  });
});
