// Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the client build,
// at the highest levels (done once here, never per request): the SSR process sends the copy the
// browser accepts (ssr/assets.js). `node scripts/precompress.js dist/client`
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024; // smaller files gain nothing worth a header

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .vite/manifest.json is for the server, never sent
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

const root = path.resolve(process.argv[2] || 'dist/client');
let count = 0;
let plain = 0;
let brotli = 0;
for (const file of files(root)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  count += 1;
  plain += data.length;
  brotli += br.length;
}
console.log(
  `precompressed ${count} file(s): ${(plain / 1024).toFixed(1)} kB -> ${(brotli / 1024).toFixed(1)} kB brotli`,
);
