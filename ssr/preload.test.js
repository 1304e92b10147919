import { expect, it } from 'vitest';
import { chunkFiles, withPreloads } from './preload.js';
import { withNonce } from './html.js';

const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', imports: ['_client-b.js'] },
  '_client-b.js': { file: 'assets/client-b.js' },
  '_forms-c.js': { file: 'assets/forms-c.js', imports: ['_client-b.js'] },
  'src/features/account/LoginPage.jsx': { file: 'assets/LoginPage-d.js', imports: ['_forms-c.js', '_client-b.js'] },
};
const TEMPLATE =
  '<html><head><script type="module" crossorigin src="/assets/index-a.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/client-b.js"></head><body></body></html>';

it('names a route module’s chunk after the chunks it imports, each once', () => {
  expect(chunkFiles(MANIFEST, ['src/features/account/LoginPage.jsx', '_forms-c.js'])).toEqual([
    'assets/client-b.js',
    'assets/forms-c.js',
    'assets/LoginPage-d.js',
  ]);
  expect(chunkFiles(MANIFEST, ['src/unknown.jsx'])).toEqual([]);
});

it('preloads what the template does not load already, and the nonce reaches the new links', () => {
  const page = withPreloads(TEMPLATE, MANIFEST, ['src/features/account/LoginPage.jsx']);
  expect(page).toContain(
    '<link rel="modulepreload" crossorigin href="/assets/forms-c.js"><link rel="modulepreload" crossorigin href="/assets/LoginPage-d.js"></head>',
  );
  expect(page.match(/client-b\.js/g)).toHaveLength(1);
  expect(withNonce(page, 'n0nce')).toContain(
    '<link nonce="n0nce" rel="modulepreload" crossorigin href="/assets/LoginPage-d.js">',
  );
  expect(withPreloads(TEMPLATE, MANIFEST, [])).toBe(TEMPLATE);
});
