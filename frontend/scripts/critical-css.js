// The stylesheet's rules indexed by the classes each needs, for the SSR's critical CSS (issue 27.5;
// ssr/criticalCss.js): a page's first paint gets, inlined in its HTML, the rules its own markup
// uses, and the whole stylesheet loads without blocking it. Runs after `vite build`, with the
// build's PostCSS (the server has no dev dependencies): reads the stylesheets dist/client/index.html
// links and writes dist/client/.vite/critical-css.json (not served: the asset server ignores dot
// folders), a list of { css, wrap, needs }, in the stylesheet's order:
//   css    one rule as written (`.sm\:flex{display:flex}`)
//   wrap   the at-rules around it, outermost first (`["@media (min-width: 640px)"]`), or []
//   needs  per selector of the rule, the classes it needs on the page; the rule is kept when one
//          selector's are all there. null: the rule needs no class (the reset, `html`, `body`,
//          `[data-price]`, @font-face, @keyframes) and is always kept.
//   node frontend/scripts/critical-css.js dist/client
import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';

/** The classes a selector needs, outside :not(), :is(), :where() and the like (which may match
 * without them): `.md\:hover\:x:hover > .y` -> ['md:hover:x', 'y']. */
export function neededClasses(selector) {
  const classes = [];
  let depth = 0;
  for (let i = 0; i < selector.length; i += 1) {
    const c = selector[i];
    if (c === '\\') {
      i += 1;
    } else if (c === '(') {
      depth += 1;
    } else if (c === ')') {
      depth -= 1;
    } else if (c === '.' && depth === 0) {
      let name = '';
      let j = i + 1;
      for (; j < selector.length; j += 1) {
        const d = selector[j];
        if (d === '\\') {
          const hex = /^[0-9a-fA-F]{1,6} ?/.exec(selector.slice(j + 1));
          if (hex) {
            name += String.fromCodePoint(parseInt(hex[0], 16));
            j += hex[0].length;
          } else {
            name += selector[j + 1];
            j += 1;
          }
        } else if (/[\w-]/.test(d) || d.charCodeAt(0) > 127) {
          name += d;
        } else break;
      }
      if (name) classes.push(name);
      i = j - 1;
    }
  }
  return classes;
}

const ALWAYS = new Set(['font-face', 'keyframes', 'property', 'page', 'counter-style']);

/** The index of one stylesheet's text (see the head of this file). */
export function indexStylesheet(text) {
  const entries = [];
  const walk = (container, wrap) => {
    for (const node of container.nodes || []) {
      if (node.type === 'rule') {
        const needs = node.selectors.map(neededClasses);
        entries.push({ css: node.toString(), wrap, needs: needs.some((n) => n.length === 0) ? null : needs });
      } else if (node.type === 'atrule' && ALWAYS.has(node.name.replace(/^-\w+-/, ''))) {
        entries.push({ css: node.toString(), wrap, needs: null });
      } else if (node.type === 'atrule' && node.nodes) {
        walk(node, [...wrap, `@${node.name} ${node.params}`]);
      } else if (node.type === 'atrule') {
        entries.push({ css: node.toString(), wrap, needs: null }); // @charset, @import
      }
    }
  };
  walk(postcss.parse(text), []);
  return entries;
}

function main() {
  const client = path.resolve(process.argv[2] || 'dist/client');
  const html = fs.readFileSync(path.join(client, 'index.html'), 'utf8');
  const hrefs = [...html.matchAll(/<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/gi)]
    .map((m) => /\bhref=["']?([^"' >]+)/i.exec(m[0])?.[1])
    .filter(Boolean);
  const entries = hrefs.flatMap((href) => indexStylesheet(fs.readFileSync(path.join(client, href), 'utf8')));
  fs.mkdirSync(path.join(client, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(client, '.vite/critical-css.json'), JSON.stringify(entries));
  const always = entries.filter((e) => e.needs === null).length;
  console.log(`critical CSS index: ${entries.length} rules (${always} always kept) from ${hrefs.join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
