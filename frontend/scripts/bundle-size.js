// Prints the gzip size of a shopper's first load (what the built page template makes every page,
// the home page included, load: its entry script, module preloads and stylesheets) and of the
// console's lazily loaded chunk (assets/admin-*.js). Figures only: it fails just when the page
// template names the console's chunk, which would put admin code in every shopper's load.
// Run after `npm run build`: `npm run size` (repo root).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const client = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/client');
const template = fs.readFileSync(path.join(client, 'index.html'), 'utf8');
const gzipped = (file) => zlib.gzipSync(fs.readFileSync(path.join(client, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

const firstLoad = [
  ...template.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g),
  ...template.matchAll(/<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref="\/([^"]+)"/g),
].map((m) => m[1]);
const consoleChunks = fs
  .readdirSync(path.join(client, 'assets'))
  .filter((f) => /^admin-.*\.js$/.test(f))
  .map((f) => `assets/${f}`);

const report = (title, files) => {
  const total = files.reduce((sum, file) => sum + gzipped(file), 0);
  console.log(`${title}: ${kb(total)} gzip`);
  for (const file of files) console.log(`  ${file}  ${kb(gzipped(file))}`);
};
report("shopper's first load (entry + preloads + CSS)", firstLoad);
report('console chunk (loaded on /admin only)', consoleChunks);

const leaked = firstLoad.filter((file) => consoleChunks.includes(file));
if (!consoleChunks.length || leaked.length) {
  console.error(leaked.length ? `the page template loads the console: ${leaked}` : 'no console chunk was built');
  process.exit(1);
}
