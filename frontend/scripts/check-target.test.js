import { describe, expect, it } from 'vitest';
import postcss from 'postcss';
import { findNewCss, findNewSyntax } from './check-target.js';
import oldBrowserFallbacks, { ratioPercent } from './old-browser-fallbacks.js';

const withFallbacks = async (css) => (await postcss([oldBrowserFallbacks()]).process(css, { from: undefined })).css;

describe('build target check', () => {
  it('accepts ES2019 with dynamic import', () => {
    expect(
      findNewSyntax('const a = {...b}; import("./x.js"); async function f(){ for await (const x of y) {} }'),
    ).toEqual([]);
  });
  it('rejects syntax Chromium 79 lacks', () => {
    expect(findNewSyntax('a?.b')).toHaveLength(1);
    expect(findNewSyntax('a ?? b')).toHaveLength(1);
    expect(findNewSyntax('10n')).toHaveLength(1);
    expect(findNewSyntax('class A { x = 1 }')[0]).toMatch(/does not parse/);
    expect(findNewSyntax('a ||= b')[0]).toMatch(/does not parse/);
  });
  it('rejects CSS that old browsers drop', () => {
    expect(findNewCss('.a{color:rgb(0 0 0/.5);top:0}')).toEqual([]);
    expect(findNewCss('@layer base{.a{color:red}}')).toHaveLength(1);
    expect(findNewCss('.a{color:oklch(70% .1 20)}')).toHaveLength(1);
    expect(findNewCss('.a{color:color-mix(in srgb,red 50%,blue)}')).toHaveLength(1);
    expect(findNewCss('.a:is(.b){color:red}')).toHaveLength(1);
    expect(findNewCss('.a{inset:0}')).toHaveLength(1);
  });
  it('rejects aspect-ratio and flex gap without their fallbacks, accepts them with', async () => {
    const css =
      '.aspect-square{aspect-ratio:1}.aspect-\\[3\\/1\\]{aspect-ratio:3}.gap-2{gap:.5rem}.md\\:gap-x-6{column-gap:1.5rem}';
    expect(findNewCss(css)).toHaveLength(4);
    expect(findNewCss(await withFallbacks(css))).toEqual([]);
    // A fallback for another class does not count.
    expect(findNewCss(`${await withFallbacks('.gap-3{gap:.75rem}')}.gap-2{gap:.5rem}`)).toHaveLength(1);
  });
});

describe('old-browser fallbacks', () => {
  it('turns a ratio into a padding percentage', () => {
    expect(ratioPercent('1')).toBe('100%');
    expect(ratioPercent('3')).toBe('33.3333%');
    expect(ratioPercent('16 / 9')).toBe('56.25%');
    expect(ratioPercent('auto')).toBeNull();
  });
  it('gives aspect boxes a padding height under @supports not, never to images', async () => {
    const css = await withFallbacks('.aspect-square{aspect-ratio:1}');
    expect(css).toContain('@supports not (aspect-ratio: 1)');
    expect(css).toMatch(/\.aspect-square:not\(img\)\s*\{[^}]*padding-bottom:\s*100%/);
    expect(css).toMatch(/\.aspect-square:not\(img\) > \*\s*\{[^}]*position:\s*absolute/);
  });
  it('gives flex containers margins for their gap once index.html marks the engine', async () => {
    const css = await withFallbacks('.gap-x-2{column-gap:.5rem}.gap-4{gap:1rem}.grid{display:grid}');
    expect(css).toContain('.no-flex-gap .flex.gap-x-2:not(.flex-col):not(.flex-wrap) > * + *:not(.ml-auto)');
    expect(css).toMatch(/\.no-flex-gap \.flex\.gap-4\.flex-col > \* \+ \*\s*\{\s*margin-top:\s*1rem/);
    expect(css).toMatch(/\.no-flex-gap \.flex\.gap-4\.flex-wrap\s*\{\s*margin-top:\s*-1rem;\s*margin-left:\s*-1rem/);
    expect(css).not.toContain('.no-flex-gap .grid');
  });
});
