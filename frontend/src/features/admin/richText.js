// The live preview of a product's details: what the admin types is cleaned in the browser
// with the BFF's allowlist (bff/common/html.py) before it is shown, parsed in an inert
// document so nothing in it runs. The BFF cleans it again when it is saved and when it leaves.
const TAGS = new Set(
  'a b blockquote br caption code div em figcaption figure h1 h2 h3 h4 h5 h6 hr i img li ol p pre s small span strong sub sup table tbody td tfoot th thead tr u ul'.split(
    ' ',
  ),
);
const ATTRIBUTES = {
  a: ['href', 'title'],
  img: ['src', 'srcset', 'sizes', 'loading', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start'],
};
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math']);
const SAFE_URL = /^(?:https?:\/\/|\/(?!\/)|#|mailto:)/i;
// Pictures on a page may come from https (the page's CSP allows https: images) or this site.
const SAFE_IMAGE = /^(?:https:\/\/|\/(?!\/))/i;
// A srcset whose every candidate is such an address, with a width or density (as the BFF keeps).
const SAFE_SRCSET = (value) =>
  value
    .split(',')
    .every((part) => /^\s*(?:https:\/\/|\/(?!\/))[^\s,]+(?:\s+(?:\d{1,5}w|\d{1,2}(?:\.\d{1,2})?x))?\s*$/i.test(part));
const KEEP = {
  href: (v) => SAFE_URL.test(v.trim()),
  src: (v) => SAFE_IMAGE.test(v.trim()),
  srcset: SAFE_SRCSET,
  sizes: (v) =>
    v.split(',').length <= 8 &&
    v
      .split(',')
      .every((part) => /^\s*(?:\([a-z0-9 :.-]{1,60}\)\s+)?\d{1,4}(?:\.\d{1,2})?(?:px|vw|em|rem)\s*$/i.test(part)),
  loading: (v) => v === 'lazy' || v === 'eager',
};

/** Whether the BFF's allowlist keeps this value of an allowed attribute (bff/common/html.py). */
export const keepsValue = (name, value) => (KEEP[name] ? KEEP[name](value) : true);

function clean(node) {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === 3) continue;
    if (child.nodeType !== 1) {
      child.remove();
      continue;
    }
    const tag = child.tagName.toLowerCase();
    if (DROPPED.has(tag)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!TAGS.has(tag)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    const allowed = ATTRIBUTES[tag] || [];
    for (const { name, value } of [...child.attributes]) {
      const keep = allowed.includes(name) && keepsValue(name, value);
      if (!keep) child.removeAttribute(name);
    }
  }
}

// Chromium checks event-handler attributes against the page's CSP as soon as any parser of the
// page meets them (even DOMParser's inert documents), and reports each one. They never run, and
// the cleaner drops them; renamed first, they are not reported either.
const HANDLER = /([\s/"'])(on[a-z]+\s*=)/gi;

/** `html` with each on...= attribute renamed to a data- one (which the cleaner drops). */
export const defuseHandlers = (html) => String(html || '').replace(HANDLER, '$1data-dropped-$2');

/** The HTML to preview (browser only: it needs DOMParser). */
export function previewHtml(html) {
  const doc = new DOMParser().parseFromString(`<body>${defuseHandlers(html)}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}

// What the visual editor (RichTextField, TipTap's StarterKit and Image) cannot hold: it would
// drop these tags or attributes on a save, so such a text opens in the HTML source instead.
const VISUAL_LOSES =
  /<\s*(?:div|span|figure|figcaption|small|sub|sup|table|caption|thead|tbody|tfoot|tr|td|th)\b|<\s*img\b[^>]*\b(?:width|height)\s*=|<\s*ol\b[^>]*\bstart\s*=/i;

/** Whether `html` keeps all of itself in the visual editor. */
export const fitsVisualEditor = (html) => !VISUAL_LOSES.test(html || '');

/** A link or picture address the BFF keeps (its allowlist, bff/common/html.py). */
export const isSafeLink = (url) => SAFE_URL.test(String(url || '').trim());
export const isSafeImage = (url) => SAFE_IMAGE.test(String(url || '').trim());
