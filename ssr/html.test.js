import { describe, expect, it } from 'vitest';
import { errorDocument, renderDocument, serializeState } from './html.js';

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
