// Fails the build when client output uses syntax newer than WeChat's browsers
// run (Chromium 79 on Android, Safari 13 on iOS): ES2019 plus dynamic import()
// and import.meta, which both support. Optional chaining, `??`, logical
// assignment, BigInt literals and class fields are all rejected, and so is CSS
// that those browsers would drop whole rules for, and layout features they lack
// (aspect-ratio, flex gap) without the fallbacks of old-browser-fallbacks.js.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'acorn';
import { simple } from 'acorn-walk';
import postcss from 'postcss';
import { NO_FLEX_GAP } from './old-browser-fallbacks.js';

export function findNewSyntax(code) {
  const problems = [];
  let ast;
  try {
    // 2020 parses import()/import.meta; the walk below rejects the rest of ES2020.
    ast = parse(code, { ecmaVersion: 2020, sourceType: 'module', locations: true });
  } catch (error) {
    return [`does not parse as ES2020: ${error.message}`];
  }
  const at = (node) => `line ${node.loc.start.line}:${node.loc.start.column}`;
  simple(ast, {
    ChainExpression: (node) => problems.push(`optional chaining at ${at(node)}`),
    LogicalExpression: (node) => node.operator === '??' && problems.push(`?? at ${at(node)}`),
    Literal: (node) => typeof node.bigint === 'string' && problems.push(`BigInt literal at ${at(node)}`),
  });
  return problems;
}

// CSS those browsers drop whole rules for (Tailwind 4 output has all of these).
const NEW_CSS = [
  [/@layer\b/, '@layer (Chrome 99, Safari 15.4)'],
  [/\boklch\(/, 'oklch() (Chrome 111, Safari 15.4)'],
  [/\bcolor-mix\(/, 'color-mix() (Chrome 111, Safari 16.2)'],
  [/@container\b/, '@container (Chrome 105, Safari 16)'],
  [/:has\(/, ':has() (Chrome 105, Safari 15.4)'],
  [/:is\(/, ':is() (Chrome 88, Safari 14)'],
  [/:focus-visible\b/, ':focus-visible (Chrome 86, Safari 15.4)'],
  [/[{;]inset:/, 'inset (Chrome 87, Safari 14.1)'],
];

const GAP_PROPS = new Set(['gap', 'row-gap', 'column-gap']);
const insideSupports = (rule) => rule.parent?.type === 'atrule' && rule.parent.name === 'supports';

/** Layout those browsers lack, used without its fallback: aspect-ratio (Chrome 88, Safari 15), flex gap (Chrome 84, Safari 14.1). */
function findMissingFallbacks(css) {
  const root = postcss.parse(css);
  const fallbackSelectors = new Set();
  root.walkRules((rule) => rule.selectors.forEach((s) => fallbackSelectors.add(s.replace(/\s*>\s*/g, '>'))));
  const problems = [];
  root.walkRules((rule) => {
    if (insideSupports(rule) || rule.selector.includes(NO_FLEX_GAP)) return;
    const props = new Set(rule.nodes.filter((n) => n.type === 'decl').map((d) => d.prop));
    if (props.has('aspect-ratio')) {
      const covered = rule.selectors.every((s) => {
        let found = false;
        root.walkAtRules('supports', (at) => {
          if (/not\s*\(\s*aspect-ratio/.test(at.params))
            at.walkRules((r) => {
              if (r.selectors.includes(`${s}:not(img)`)) found = true;
            });
        });
        return found;
      });
      if (!covered)
        problems.push(`aspect-ratio without an @supports fallback (Chrome 88, Safari 15) in ${rule.selector}`);
    }
    if (
      [...props].some((p) => GAP_PROPS.has(p)) &&
      !fallbackSelectors.has(`.${NO_FLEX_GAP} .flex${rule.selector}.flex-wrap`)
    ) {
      problems.push(`gap without the flex gap fallback (Chrome 84, Safari 14.1) in ${rule.selector}`);
    }
  });
  return problems;
}

export function findNewCss(css) {
  return NEW_CSS.filter(([re]) => re.test(css))
    .map(([, name]) => name)
    .concat(findMissingFallbacks(css));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] || 'dist/client/assets');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  let failed = false;
  for (const file of files) {
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    const problems = file.endsWith('.css') ? findNewCss(code) : findNewSyntax(code);
    if (problems.length) {
      failed = true;
      console.error(
        `${file}: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (+${problems.length - 5} more)` : ''}`,
      );
    }
  }
  if (failed) process.exit(1);
  console.log(
    `build target check: ${files.length} client file(s) within ES2019 + import() and old-browser CSS ` +
      '(aspect-ratio and flex gap with their fallbacks)',
  );
}
