import { describe, expect, it } from 'vitest';
import { errorDocument, renderDocument, serializeState, withNonce } from './html.js';

describe('serializeState', () => {
  it('cannot close the script or open a comment', () => {
    const out = serializeState({ name: '</script><script>alert(1)</script><!-- x', line: '\u2028' });
    expect(out).not.toContain('</script');
    expect(out).not.toContain('<!--');
    expect(out).not.toContain('\u2028');
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script><!-- x', line: '\u2028' });
  });
});

describe('renderDocument', () => {
  const template =
    '<html lang="<!--app-lang-->"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';
  it('fills every placeholder', () => {
    const html = renderDocument(template, {
      lang: 'en',
      head: '<title>T</title>',
      html: '<p>$& $1</p>',
      state: { a: '<' },
    });
    expect(html).toBe(
      '<html lang="en"><head><title>T</title></head><body><div id="root"><p>$& $1</p></div><script>window.__PRELOADED_STATE__={"a":"\\u003c"}</script></body></html>',
    );
  });
  it('has a plain error page', () => {
    expect(errorDocument(503)).toContain('服务暂时不可用');
  });
});

describe('withNonce', () => {
  it("gives the template's scripts, styles and preloads the nonce, once, and Vite a meta to read it from", () => {
    const dev =
      '<html><head><script type="module" src="/@vite/client"></script>' +
      '<script type="module">import RefreshRuntime from "/@react-refresh"</script>' +
      '<script nonce="old">x</script><style>a{}</style><link rel="icon" href="/f.ico">' +
      '<link rel="stylesheet" href="/a.css"><link href="/b.js" rel=modulepreload></head></html>';
    expect(withNonce(dev, 'N')).toBe(
      '<html><head><meta property="csp-nonce" nonce="N"><script nonce="N" type="module" src="/@vite/client"></script>' +
        '<script nonce="N" type="module">import RefreshRuntime from "/@react-refresh"</script>' +
        '<script nonce="old">x</script><style nonce="N">a{}</style><link rel="icon" href="/f.ico">' +
        '<link nonce="N" rel="stylesheet" href="/a.css"><link nonce="N" href="/b.js" rel=modulepreload></head></html>',
    );
  });
  it('puts the nonce on the state script, not into page data', () => {
    const html = renderDocument(
      '<head><!--app-head--></head><!--app-html--><!--app-state-->',
      { head: '<script type="application/ld+json">{}</script>', html: '<script>evil()</script>' },
      'N',
    );
    expect(html).toBe(
      '<head><meta property="csp-nonce" nonce="N"><script type="application/ld+json">{}</script></head>' +
        '<script>evil()</script><script nonce="N">window.__PRELOADED_STATE__=null</script>',
    );
  });
  it('is on the error page style', () => {
    expect(errorDocument(500, 'N')).toContain('<style nonce="N">');
  });
});
