import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { carriesRegions, entryFiles, firstLoad, staticImports } from './check-first-load.js';

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

describe("a route's first load", () => {
  it("is the template's scripts plus the route's chunk and its static imports, never its import()s", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
    const write = (file, text) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write('index.html', '<script type="module" src="/assets/index-A.js"></script>');
    write('assets/index-A.js', 'import"./react-B.js";const p=()=>import("./Page-C.js")');
    write('assets/react-B.js', '');
    write('assets/Page-C.js', 'import"./card-D.js";const e=()=>import("./Editor-E.js")');
    write('assets/card-D.js', '');
    write('assets/Editor-E.js', '');
    write('assets/texts.zh-F.js', '');
    write(
      '.vite/manifest.json',
      JSON.stringify({
        'src/Page.jsx': { file: 'assets/Page-C.js' },
        'src/texts.zh.js': { file: 'assets/texts.zh-F.js' },
      }),
    );
    expect(firstLoad(dir).sort()).toEqual(['assets/index-A.js', 'assets/react-B.js']);
    expect(firstLoad(dir, 'src/Page.jsx').sort()).toEqual([
      'assets/Page-C.js',
      'assets/card-D.js',
      'assets/index-A.js',
      'assets/react-B.js',
    ]);
    // With the texts of the shop's language, which the client loads before hydrating.
    expect(firstLoad(dir, ['src/Page.jsx', 'src/texts.zh.js'])).toContain('assets/texts.zh-F.js');
    expect(() => firstLoad(dir, 'src/Missing.jsx')).toThrow(/not a chunk/);
    fs.rmSync(dir, { recursive: true });
  });
});
