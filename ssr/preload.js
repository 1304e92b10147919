// <link rel="modulepreload"> for the chunks of the page's lazy routes (sign-in, account,
// checkout), so the browser fetches them beside the entry instead of after it: the render names
// the routes' modules (`chunks`), Vite's client manifest (.vite/manifest.json) their files and
// the chunks those import. The template's own links (the entry and its shared chunks) come first;
// html.js gives every link the page's nonce.

/** The files `keys` need: each one's chunk and, recursively, what it imports statically. */
export function chunkFiles(manifest, keys) {
  const files = [];
  const seen = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    for (const imported of entry.imports || []) visit(imported);
    files.push(entry.file);
  };
  keys.forEach(visit);
  return files;
}

/** The template with modulepreload links for `keys` that it does not load already. */
export function withPreloads(template, manifest, keys = []) {
  if (!keys.length) return template;
  const links = chunkFiles(manifest, keys)
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  return links ? template.replace('</head>', `${links}</head>`) : template;
}
