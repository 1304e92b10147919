import { describe, expect, it } from 'vitest';
import { classesOf, criticalCss, CRITICAL_PLACEHOLDER, deferStylesheets } from './criticalCss.js';
import { renderDocument } from './html.js';
import { indexStylesheet, neededClasses } from '../frontend/scripts/critical-css.js';

const STYLESHEET =
  '*,::before{box-sizing:border-box}body{margin:0}.flex{display:flex}.hidden{display:none}' +
  '.group:hover .group-hover\\:underline{text-decoration:underline}.w-1\\/2{width:50%}' +
  '.space-y-2>:not([hidden])~:not([hidden]){margin-top:.5rem}' +
  '@keyframes spin{to{transform:rotate(360deg)}}.animate-spin{animation:spin 1s linear infinite}' +
  '@media (min-width:640px){.sm\\:flex{display:flex}.sm\\:hidden{display:none}}' +
  '@media (min-width:768px){.md\\:flex{display:flex}}';

describe('the build index of the stylesheet', () => {
  it('names the classes a selector needs, unescaped, and not those inside :not()', () => {
    expect(neededClasses('.group:hover .group-hover\\:underline')).toEqual(['group', 'group-hover:underline']);
    expect(neededClasses('.w-1\\/2')).toEqual(['w-1/2']);
    expect(neededClasses('.\\32xl\\:flex')).toEqual(['2xl:flex']);
    expect(neededClasses('.a:not(.b)')).toEqual(['a']);
    expect(neededClasses('[data-price]')).toEqual([]);
  });

  it('keeps the rules in order with their at-rules, and marks those that need no class', () => {
    const entries = indexStylesheet(STYLESHEET);
    expect(entries[0]).toEqual({ css: '*,::before{box-sizing:border-box}', wrap: [], needs: null });
    expect(entries.find((e) => e.css.startsWith('@keyframes')).needs).toBeNull();
    expect(entries.find((e) => e.css.startsWith('.sm\\:flex'))).toEqual({
      css: '.sm\\:flex{display:flex}',
      wrap: ['@media (min-width:640px)'],
      needs: [['sm:flex']],
    });
  });
});

describe('a page’s critical CSS', () => {
  const critical = criticalCss(indexStylesheet(STYLESHEET));

  it('reads the classes of the markup', () => {
    expect([...classesOf('<div class="a  b"><p class="c">x</p><i class=""></i></div>')]).toEqual(['a', 'b', 'c']);
  });

  it('holds the rules the markup uses, in the stylesheet’s order, at-rules wrapped once', () => {
    const css = critical('<div class="group sm:flex w-1/2"><a class="group-hover:underline sm:hidden">x</a></div>');
    expect(css).toBe(
      '*,::before{box-sizing:border-box}body{margin:0}' +
        '.group:hover .group-hover\\:underline{text-decoration:underline}.w-1\\/2{width:50%}' +
        '@keyframes spin{to{transform:rotate(360deg)}}' +
        '@media (min-width:640px){.sm\\:flex{display:flex}.sm\\:hidden{display:none}}',
    );
  });

  it('leaves out a rule whose classes are not all on the page', () => {
    const css = critical('<div class="group-hover:underline md:flex"></div>');
    expect(css).not.toContain('underline');
    expect(css).toContain('@media (min-width:768px){.md\\:flex{display:flex}}');
  });
});

describe('the template', () => {
  const template =
    '<html><head><!--app-head--><link rel="stylesheet" crossorigin href="/assets/index-a.css"></head>' +
    '<body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

  it('loads its stylesheet without blocking the paint, the critical CSS before it', () => {
    const page = deferStylesheets(template);
    expect(page).toContain(
      `${CRITICAL_PLACEHOLDER}<link rel="preload" as="style" href="/assets/index-a.css" crossorigin>` +
        '<link rel="stylesheet" crossorigin href="/assets/index-a.css" media="print" data-deferred-css>' +
        '<noscript><link rel="stylesheet" crossorigin href="/assets/index-a.css"></noscript><script>',
    );
    expect(page).not.toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-a.css">(?!<\/noscript>)/);
  });

  it('is left alone when it links no stylesheet', () => {
    expect(deferStylesheets('<html><head></head></html>')).toBe('<html><head></head></html>');
  });

  it('gets the page’s rules under the nonce, and every script and link of the template the nonce too', () => {
    const page = renderDocument(
      deferStylesheets(template),
      { html: '<p class="flex">x</p>', css: '.flex{display:flex}' },
      'N0',
    );
    expect(page).toContain('<style nonce="N0">.flex{display:flex}</style><link nonce="N0" rel="preload"');
    expect(page).toContain('<link nonce="N0" rel="stylesheet" crossorigin href="/assets/index-a.css" media="print"');
    expect(page).toMatch(/<\/noscript><script nonce="N0">document\.querySelectorAll/);
    expect(page).not.toContain(CRITICAL_PLACEHOLDER);
  });

  it('has no empty style when the page has no critical CSS', () => {
    expect(renderDocument(deferStylesheets(template), {}, 'N0')).not.toContain('<style');
  });
});
