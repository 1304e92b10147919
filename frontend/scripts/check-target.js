// Fails the build when client output uses syntax newer than WeChat's browsers
// run (Chromium 79 on Android, Safari 13 on iOS): ES2019 plus dynamic import()
// and import.meta, which both support. Optional chaining, `??`, logical
// assignment, BigInt literals and class fields are all rejected, and so is CSS
// that those browsers would drop whole rules for.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'acorn';
import { simple } from 'acorn-walk';

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
];

export function findNewCss(css) {
  return NEW_CSS.filter(([re]) => re.test(css)).map(([, name]) => name);
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
  console.log(`build target check: ${files.length} client file(s) within ES2019 + import() and old-browser CSS`);
}
