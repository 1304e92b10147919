// Fails the build when China's region list (rules/china_regions.json, ~150 kB) is in a shopper's
// first load: the entry script and preloads of index.html and every chunk they import statically.
// The address forms load it with import() when a China address form opens (chinaPlaces.js).
// Prints the first load's size and the region chunk's beside it.
//
// And the first-load JavaScript of the shopper's routes (home, a listing, a product): the
// template's scripts plus the route's own chunk and what it imports statically, which the SSR
// preloads (ssr/preload.js). Fails the build when one grows past ROUTE_BUDGET_KB (gzip, level 9,
// 1 KB = 1024 bytes, as `make bench` counts), so a new dependency in a shopper's first load
// cannot slip in unnoticed. Issue 27's goal is 120 KB (the fixed libraries, React DOM,
// react-router, React, redux and react-redux with the bundler's runtime, are 98.5 KB of it):
// Redux Toolkit is gone, the first load is one chunk, and the account and console frames, the
// article page, the accounts calls, the shipping rules and the date formatting load on demand.
// Lowered from 124 to 120 (issue 27.4): a page loads the texts of its shop's language alone (a
// chunk per language, counted here with each route: LANGUAGE_TEXTS), the head's description and
// JSON-LD are the server's alone, the phone's menu, the session restore and the page numbers load
// on demand, and lazy chunks' preload lists leave out what every page has (home 123.9 -> 119.9,
// with main's WeChat share card).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const ROUTE_BUDGET_KB = 120;
/** Issue 27's goal for the same figure, which `make bench` prints beside it. */
export const ROUTE_GOAL_KB = 120;
/** The shopper's routes and their page modules (features/catalog/routes.js). */
export const SHOPPER_ROUTES = {
  home: 'src/features/catalog/HomePage.jsx',
  listing: 'src/features/catalog/ListingPage.jsx',
  product: 'src/features/catalog/ProductPage.jsx',
};
/** The first-load texts of each language (app/textLoader.js FIRST_TEXTS): a page loads its shop's. */
export const LANGUAGE_TEXTS = { zh: 'src/app/texts.zh.js', en: 'src/app/texts.en.js' };
const REGIONS = fileURLToPath(new URL('../../rules/china_regions.json', import.meta.url));
// A chunk naming this many district codes carries the list (a form's own code names none).
const MANY_CODES = 20;

/** The chunks index.html loads at once: its module scripts and modulepreload links. */
export function entryFiles(html) {
  const tags = html.match(/<(?:script|link)\b[^>]*>/gi) || [];
  return tags
    .filter((tag) => /type=["']?module|rel=["']?modulepreload/i.test(tag))
    .map((tag) => (tag.match(/\b(?:src|href)=["']?([^"'\s>]+\.js)/i) || [])[1])
    .filter(Boolean);
}

/** The chunks a chunk imports statically (import … from, import '…', export … from); never import(). */
export function staticImports(code) {
  const found = code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g);
  return [...found].map((m) => m[1]);
}

/**
 * Every file of the first load, as paths relative to the client directory: the template's, and
 * with `pages` (a module of SHOPPER_ROUTES, a language's texts of LANGUAGE_TEXTS, or a list of
 * them) their chunks from Vite's manifest as well.
 */
export function firstLoad(dir, pages = []) {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const queue = entryFiles(html).map((src) => src.replace(/^\//, ''));
  const modules = [pages].flat().filter(Boolean);
  if (modules.length) {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'));
    for (const page of modules) {
      if (!manifest[page]) throw new Error(`${page} is not a chunk of the build (a lazy route's module?)`);
      queue.push(manifest[page].file);
    }
  }
  const seen = new Set();
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file) || !fs.existsSync(path.join(dir, file))) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const spec of staticImports(code)) queue.push(path.posix.join(path.posix.dirname(file), spec));
  }
  return [...seen];
}

export function districtCodes(regions) {
  return new Set(regions.flatMap((p) => p.cities.flatMap((c) => c.districts.map((d) => d.code))));
}

/** Whether `code` carries the region list: it names many of its district codes. */
export function carriesRegions(code, codes) {
  let count = 0;
  for (const [found] of code.matchAll(/\d{6}/g)) if (codes.has(found) && ++count >= MANY_CODES) return true;
  return false;
}

/** gzip bytes (level 9) of the JavaScript among `files`. */
export function gzipBytes(dir, files) {
  return files
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length, 0);
}

/**
 * { route: { files, kb, languages: { zh, en } } } of the shopper's routes: each route with each
 * language's texts (the client loads its shop's before hydrating, the SSR preloads them), `kb` and
 * `files` those of the heavier language.
 */
export function routeFirstLoads(dir) {
  return Object.fromEntries(
    Object.entries(SHOPPER_ROUTES).map(([route, page]) => {
      const each = Object.entries(LANGUAGE_TEXTS).map(([language, texts]) => {
        const files = firstLoad(dir, [page, texts]).filter((f) => f.endsWith('.js'));
        return { language, files, kb: gzipBytes(dir, files) / 1024 };
      });
      const heaviest = each.reduce((a, b) => (b.kb > a.kb ? b : a));
      const languages = Object.fromEntries(each.map(({ language, kb }) => [language, kb]));
      return [route, { files: heaviest.files, kb: heaviest.kb, languages }];
    }),
  );
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const sizes = (text) => `${kb(Buffer.byteLength(text))}, ${kb(zlib.gzipSync(text).length)} gzip`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] || 'dist/client');
  const codes = districtCodes(JSON.parse(fs.readFileSync(REGIONS, 'utf8')));
  const first = firstLoad(dir);
  const firstText = first.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('');
  const bad = first.filter((f) => carriesRegions(fs.readFileSync(path.join(dir, f), 'utf8'), codes));
  if (bad.length) {
    console.error(`China's region list is in the first load (${bad.join(', ')}): load it with import()`);
    process.exit(1);
  }
  const assets = path.join(dir, 'assets');
  const lazy = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js') && carriesRegions(fs.readFileSync(path.join(assets, f), 'utf8'), codes));
  const lazyText = lazy.map((f) => `${f} (${sizes(fs.readFileSync(path.join(assets, f), 'utf8'))})`).join(', ');
  console.log(
    `first load: ${first.length} script(s), ${sizes(firstText)}, without the region list; ` +
      `loaded on demand: ${lazyText || 'no region chunk'}`,
  );
  const routes = Object.entries(routeFirstLoads(dir));
  console.log(
    `first-load JS per route (gzip): ${routes
      .map(
        ([route, { files, kb: size, languages }]) =>
          `${route} ${size.toFixed(1)} KB in ${files.length} files (zh ${languages.zh.toFixed(1)}, en ${languages.en.toFixed(1)})`,
      )
      .join(', ')}; budget ${ROUTE_BUDGET_KB} KB`,
  );
  const over = routes.filter(([, { kb: size }]) => size > ROUTE_BUDGET_KB);
  if (over.length) {
    console.error(
      `first-load JS over its ${ROUTE_BUDGET_KB} KB budget: ${over.map(([r, { kb: size }]) => `${r} ${size.toFixed(1)} KB`).join(', ')}` +
        ' (frontend/scripts/check-first-load.js): load what the first paint does not need with import()',
    );
    process.exit(1);
  }
}
