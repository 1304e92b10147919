// Critical CSS (issue 27.5): each page's first paint needs no stylesheet from the network. The
// render's HTML gets, inlined under the page's nonce, the rules its own markup uses (the build's
// index of the stylesheet, frontend/scripts/critical-css.js), and the stylesheet itself loads
// without blocking the paint: `media="print"` until it has loaded, then `all` (a nonced script:
// the CSP allows no onload attribute), preloaded at once, with a <noscript> copy for browsers
// without scripts. Client-side navigation then has every rule.

const CLASS_ATTR = /\bclass="([^"]*)"/g;
export const CRITICAL_PLACEHOLDER = '<!--app-critical-css-->';

/** Every class named in the markup's class attributes. */
export function classesOf(html) {
  const classes = new Set();
  for (const [, value] of html.matchAll(CLASS_ATTR)) for (const name of value.split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/**
 * (html) => the CSS of `entries` (the build's index) that the markup uses, in the stylesheet's
 * order, each run of rules under the same at-rules wrapped once.
 */
export function criticalCss(entries) {
  return (html) => {
    const used = classesOf(html);
    let css = '';
    let open = [];
    const close = () => {
      css += '}'.repeat(open.length);
      open = [];
    };
    for (const { css: rule, wrap, needs } of entries) {
      if (needs !== null && !needs.some((names) => names.every((name) => used.has(name)))) continue;
      if (wrap.length !== open.length || wrap.some((w, i) => w !== open[i])) {
        close();
        for (const w of wrap) css += `${w}{`;
        open = wrap;
      }
      css += rule;
    }
    close();
    return css;
  };
}

/**
 * The template with its stylesheets loading without blocking the first paint, and the place of
 * the page's critical CSS before them. A template without stylesheets is returned as it is.
 */
export function deferStylesheets(template) {
  const links = [...template.matchAll(/<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/gi)].map((m) => m[0]);
  if (!links.length) return template;
  let page = template;
  for (const [i, link] of links.entries()) {
    const href = /\bhref=["']?([^"' >]+)/i.exec(link)?.[1];
    const deferred =
      `<link rel="preload" as="style" href="${href}"${/\bcrossorigin\b/i.test(link) ? ' crossorigin' : ''}>` +
      link.replace(/>$/, ' media="print" data-deferred-css>') +
      `<noscript>${link}</noscript>`;
    page = page.replace(link, i === 0 ? CRITICAL_PLACEHOLDER + deferred : deferred);
  }
  // Right after the links: each applies once loaded (at once when it is already).
  const apply =
    '<script>document.querySelectorAll("link[data-deferred-css]").forEach(function(l){' +
    'function on(){l.media="all"}if(l.sheet)on();else l.addEventListener("load",on)})</script>';
  const last = page.lastIndexOf('<noscript>');
  const end = page.indexOf('</noscript>', last) + '</noscript>'.length;
  return page.slice(0, end) + apply + page.slice(end);
}
