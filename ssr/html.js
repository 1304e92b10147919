// The HTML document around a server render.

/** JSON that is safe inside <script>: no `</script>`, `<!--` or line separators can break out. */
export function serializeState(value) {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The template with nonce="…" on its own <script>, <style> and stylesheet/preload links, and a
 * <meta property="csp-nonce"> that Vite's runtime reads for the tags it adds later (preloads of
 * lazy chunks, dev styles). Only the template is touched, never the render's output: markup that
 * slipped into page data must stay blocked, not be blessed with the nonce.
 */
export function withNonce(template, nonce) {
  const attr = ` nonce="${nonce}"`;
  return template
    .replace(/<(?:script|style)\b(?![^>]*\snonce=)/gi, (tag) => tag + attr)
    .replace(
      /<link\b(?=[^>]*\srel=["']?(?:stylesheet|modulepreload|preload)\b)(?![^>]*\snonce=)/gi,
      (tag) => tag + attr,
    )
    .replace(/<head\b[^>]*>/i, (tag) => `${tag}<meta property="csp-nonce"${attr}>`);
}

/**
 * template: Vite's index.html with the placeholders <!--app-lang-->,
 * <!--app-head-->, <!--app-html--> and <!--app-state-->.
 * nonce: the page's CSP nonce, given to the template's scripts and the state script.
 * css: the page's critical CSS (ssr/criticalCss.js), inlined where the template has
 * <!--app-critical-css--> (before its deferred stylesheets).
 * Replacer functions keep `$&` and friends in page text from being interpreted.
 */
export function renderDocument(
  template,
  { lang = 'zh-CN', head = '', html = '', state = null, css = '' },
  nonce = null,
) {
  const page = nonce ? withNonce(template, nonce) : template;
  const nonceAttr = nonce ? ` nonce="${nonce}"` : '';
  return page
    .replace('<!--app-critical-css-->', () => (css ? `<style${nonceAttr}>${css}</style>` : ''))
    .replace('<!--app-lang-->', () => lang)
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-html-->', () => html)
    .replace(
      '<!--app-state-->',
      () => `<script${nonceAttr}>window.__PRELOADED_STATE__=${serializeState(state)}</script>`,
    );
}

/** Last-resort page when rendering itself failed (no shop settings, no React). */
export function errorDocument(status, nonce = null) {
  const unavailable = status === 503;
  const zh = unavailable ? '服务暂时不可用，请稍后再试。' : '出错了，请稍后再试。';
  const en = unavailable
    ? 'The shop is temporarily unavailable. Please try again shortly.'
    : 'Something went wrong. Please try again shortly.';
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${status}</title><style${nonce ? ` nonce="${nonce}"` : ''}>body{font-family:system-ui,sans-serif;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0;background:#f9fafb;color:#111827;text-align:center}</style></head><body><main><h1>${zh}</h1><p>${en}</p><p><a href="">重新加载 / Reload</a></p></main></body></html>`;
}
