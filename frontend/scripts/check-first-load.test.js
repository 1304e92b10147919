import { describe, expect, it } from 'vitest';
import { carriesRegions, entryFiles, staticImports } from './check-first-load.js';

describe('first-load check (the region list stays out of it)', () => {
  it('starts from the module scripts and preloads of index.html', () => {
    const html = `<script type="module" crossorigin src="/assets/index-A.js"></script>
      <link rel="modulepreload" href="/assets/vendor-B.js"><link rel="stylesheet" href="/assets/index.css">`;
    expect(entryFiles(html)).toEqual(['/assets/index-A.js', '/assets/vendor-B.js']);
  });

  it('follows static imports, never import()', () => {
    const code =
      'import{a as b}from"./react-C.js";import"./side-D.js";export{x}from"./re-E.js";' +
      'const r=()=>import(`./china_regions-F.js`);const s=import("./lazy-G.js")';
    expect(staticImports(code)).toEqual(['./react-C.js', './side-D.js', './re-E.js']);
  });

  it('knows the region list by its district codes', () => {
    const codes = new Set(Array.from({ length: 30 }, (_, i) => String(650101 + i)));
    const list = [...codes].map((c) => `{code:"${c}",name:"x"}`).join(',');
    expect(carriesRegions(`JSON.parse('[${list}]')`, codes)).toBe(true);
    expect(carriesRegions('const SPECIAL=["650000","540000"];const d="650102"', codes)).toBe(false);
  });
});
