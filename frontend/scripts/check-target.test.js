import { describe, expect, it } from 'vitest';
import { findNewCss, findNewSyntax } from './check-target.js';

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
  });
});
