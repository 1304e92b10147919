import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Imports point one way: entries and app → features → common, api, i18n.
//   app/ (route table, store factory, layout, texts table) and the two entries may import anything;
//   features/ may import other features, common/, api/ and i18n/, never app/ or an entry;
//   common/ may import common/, api/ and i18n/; api/ only api/; i18n/ nothing of src.
//   features/ and common/ may also read the shared data files of the repository's rules/ (the BFF
//   reads the same files), as JSON.
// What a lower layer needs from a higher one it is handed (props, arguments, the store's
// thunk argument). Tests (*.test.*) and test/ helpers may import anything: they assemble the app.
const ALLOWED = {
  features: ['features', 'common', 'api', 'i18n', 'rules'],
  common: ['common', 'api', 'i18n', 'rules'],
  api: ['api'],
  i18n: ['i18n'],
};

const src = fileURLToPath(new URL('.', import.meta.url));
const SPECIFIER = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

/** Relative import specifiers of a module's text. */
export const specifiers = (text) =>
  [...text.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2]).filter((s) => s.startsWith('.'));

const rules = path.resolve(src, '../../rules');

/** The top folder of src a path lies in ('app', 'features', …), 'rules' for rules/*.json. */
const layerOf = (file) =>
  file.startsWith(rules + path.sep) && file.endsWith('.json') ? 'rules' : path.relative(src, file).split(path.sep)[0];

function violations() {
  const found = [];
  const modules = fs
    .readdirSync(src, { recursive: true })
    .filter((file) => /\.(jsx?|mjs)$/.test(file) && !/\.test\.jsx?$/.test(file));
  for (const file of modules) {
    const layer = layerOf(path.join(src, file));
    if (!ALLOWED[layer]) continue;
    for (const spec of specifiers(fs.readFileSync(path.join(src, file), 'utf8'))) {
      const target = layerOf(path.resolve(src, path.dirname(file), spec));
      if (!ALLOWED[layer].includes(target)) found.push(`${file} imports ${spec}`);
    }
  }
  return found;
}

describe('import direction', () => {
  it('reads import and export specifiers', () => {
    const text =
      "import a from '../app/x.js';\nimport { b,\n  c } from \"./y.js\";\nexport { d } from '../z.js';\n" +
      "import './side.css';\nconst e = await import('../lazy.js');\nimport f from 'react';";
    expect(specifiers(text)).toEqual(['../app/x.js', './y.js', '../z.js', './side.css', '../lazy.js']);
  });
  it('no module imports a layer above its own', () => {
    expect(violations()).toEqual([]);
  });
});

// The console (features/admin) is its own chunk: a shopper's entry may reach it only through a
// dynamic import(), which the bundler splits off and loads when an admin opens /admin.
const STATIC_SPECIFIER = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s+['"]([^'"]+)['"]/g;

/** Every module of src an entry reaches through static imports alone. */
function staticGraph(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !fs.existsSync(file) || !/\.(jsx?|mjs)$/.test(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(STATIC_SPECIFIER)) {
      const spec = m[1] ?? m[2];
      if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec));
    }
  };
  visit(path.join(src, entry));
  return [...seen].map((file) => path.relative(src, file));
}

describe("the console's chunk", () => {
  const admin = `features${path.sep}admin${path.sep}`;
  it('is not statically imported by the browser entry', () => {
    const reached = staticGraph('entry-client.jsx');
    expect(reached).toContain(path.join('app', 'routes.jsx'));
    // Only its list of screens (paths and export names), which imports nothing.
    expect(reached.filter((file) => file.startsWith(admin))).toEqual([`${admin}routes.js`]);
    expect(specifiers(fs.readFileSync(path.join(src, admin, 'routes.js'), 'utf8'))).toEqual([]);
  });
  it('is loaded by the route table through import()', () => {
    const routes = fs.readFileSync(path.join(src, 'app/routes.jsx'), 'utf8');
    expect(routes).toMatch(/import\(\s*'\.\.\/features\/admin\/index\.js'\s*\)/);
  });
});
