// PostCSS plugin: fallbacks for the two layout features WeChat's older engines (Chromium 79 in
// Android's in-app browser, Safari 13 on iOS) lack and the shop leans on.
//
// - `aspect-ratio` (Chrome 88, Safari 15): under `@supports not (aspect-ratio: 1)`, the box gets its
//   height from a percentage padding and its content is laid over it (so every aspect box holds one
//   child that fills it). Images are left alone: their own width and height keep their shape.
// - flex `gap` (Chrome 84, Safari 14.1): no @supports can tell flex gap from grid gap, so index.html
//   marks <html class="no-flex-gap"> after measuring it; then each gap utility on a flex container
//   becomes margins between its items (a wrapping row gets them on every item, and the container
//   gives them back with negative margins). Grid containers keep their gap, which those engines run.
//
// frontend/scripts/check-target.js fails the build when an aspect-ratio or gap rule lacks these.

export const NO_FLEX_GAP = 'no-flex-gap';
export const NO_ASPECT_RATIO = '@supports not (aspect-ratio: 1)';

/** `3`, `1 / 1`, `16/9` -> height as a percentage of the width, or null. */
export function ratioPercent(value) {
  const [w, h = '1'] = value.split('/').map((part) => Number(part.trim()));
  const height = Number(h);
  if (!(w > 0) || !(height > 0)) return null;
  return `${Number(((height / w) * 100).toFixed(4))}%`;
}

const flexContainers = ['.flex', '.inline-flex'];

function gapFallbacks(selector, decls) {
  const value = (name) => decls.find((d) => d.prop === name)?.value;
  const both = value('gap');
  const [rowFromGap, columnFromGap = rowFromGap] = both ? both.split(/\s+/) : [];
  const row = value('row-gap') ?? rowFromGap;
  const column = value('column-gap') ?? columnFromGap;
  const root = `.${NO_FLEX_GAP}`;
  const rules = [];
  for (const container of flexContainers) {
    const box = `${root} ${container}${selector}`;
    // An item pushed aside by an auto margin keeps it.
    if (column) rules.push([`${box}:not(.flex-col):not(.flex-wrap) > * + *:not(.ml-auto)`, { 'margin-left': column }]);
    if (row) rules.push([`${box}.flex-col > * + *`, { 'margin-top': row }]);
    if (row || column) {
      rules.push([`${box}.flex-wrap`, { 'margin-top': `-${row || '0px'}`, 'margin-left': `-${column || '0px'}` }]);
      rules.push([`${box}.flex-wrap > *`, { 'margin-top': row || '0px', 'margin-left': column || '0px' }]);
    }
  }
  return rules;
}

const GAP_PROPS = new Set(['gap', 'row-gap', 'column-gap']);
// A rule of one class (Tailwind's utilities, with their variants' escaped prefixes).
const ONE_CLASS = /^\.(?:[\w-]|\\.)+$/;

export default function oldBrowserFallbacks() {
  return {
    postcssPlugin: 'old-browser-fallbacks',
    OnceExit(root, { AtRule, Rule, Declaration }) {
      const make = (selector, props) =>
        new Rule({
          selector,
          nodes: Object.entries(props).map(([prop, value]) => new Declaration({ prop, value })),
        });
      root.walkRules((rule) => {
        if (rule.parent?.type === 'atrule' && rule.parent.name === 'supports') return;
        if (rule.selector.includes(NO_FLEX_GAP)) return;
        const decls = rule.nodes.filter((n) => n.type === 'decl');
        const ratio = decls.find((d) => d.prop === 'aspect-ratio');
        if (ratio && ratioPercent(ratio.value)) {
          const fallback = new AtRule({ name: 'supports', params: 'not (aspect-ratio: 1)' });
          const boxes = rule.selectors.map((s) => `${s}:not(img)`).join(',');
          fallback.append(
            make(boxes, { position: 'relative', height: '0', 'padding-bottom': ratioPercent(ratio.value) }),
          );
          fallback.append(
            make(rule.selectors.map((s) => `${s}:not(img) > *`).join(','), {
              position: 'absolute',
              top: '0',
              left: '0',
              width: '100%',
              height: '100%',
            }),
          );
          rule.after(fallback);
        }
        const gaps = decls.filter((d) => GAP_PROPS.has(d.prop));
        if (gaps.length && ONE_CLASS.test(rule.selector)) {
          const extra = gapFallbacks(rule.selector, gaps).map(([selector, props]) => make(selector, props));
          rule.after(extra);
        }
      });
    },
  };
}
oldBrowserFallbacks.postcss = true;
