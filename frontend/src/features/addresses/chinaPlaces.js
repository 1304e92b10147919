// China's provinces, cities and districts (rules/china_regions.json, the BFF's list too), loaded
// only when a China address form opens: a chunk of its own, never in a shopper's first load.
import { useEffect, useState } from 'react';

let loading = null;
let loaded = null;

/** The tree once some form has loaded it (validation runs after the shopper chose from it). */
export const loadedRegions = () => loaded;

/** The region tree, or null while it loads. */
export function useChinaRegions(enabled = true) {
  const [regions, setRegions] = useState(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    loading ??= import('../../../../rules/china_regions.json').then((m) => {
      loaded = m.default;
      return loaded;
    });
    loading.then((tree) => live && setRegions(tree)).catch(() => {});
    return () => {
      live = false;
    };
  }, [enabled]);
  return regions;
}

export const findProvince = (regions, code) => regions?.find((p) => p.code === code) || null;
export const findCity = (province, code) => province?.cities.find((c) => c.code === code) || null;

/** The place's names as the BFF writes them (bff/addresses/regions.py): a municipality's once. */
export function placeLabel(regions, { province_code, city_code, district_code }) {
  const province = findProvince(regions, province_code);
  const city = findCity(province, city_code);
  if (!province || !city) return '';
  const district = city.districts.find((d) => d.code === district_code);
  const names = city.name === province.name ? [province.name] : [province.name, city.name];
  return [...names, ...(district ? [district.name] : [])].join(' ');
}

/**
 * The fields that choosing `code` at `level` (province_code, city_code, district_code) changes:
 * the levels below are cleared, a province of one city (北京, 上海, 香港, 台湾) has it chosen at
 * once, and `shipping_city` becomes the place's names. Until a city is chosen it keeps what an
 * address typed before the lists said (the form shows it as a hint), never a former choice's names.
 */
export function placeChanges(regions, values, level, code) {
  let changes = { [level]: code || null };
  if (level === 'province_code') {
    const cities = findProvince(regions, code)?.cities || [];
    changes = { ...changes, city_code: cities.length === 1 ? cities[0].code : null, district_code: null };
  }
  if (level === 'city_code') changes.district_code = null;
  const label = placeLabel(regions, { ...values, ...changes });
  return { ...changes, shipping_city: label || (values.city_code ? '' : values.shipping_city || '') };
}

/**
 * The place fields' errors (message keys): every level chosen, a district where the city has any,
 * and, once the lists are loaded, each code one of them (as the BFF checks): an address saved
 * with a place the lists have since renamed or merged is chosen again.
 */
export function placeErrors(values, regions) {
  if (!values.province_code) return { province_code: 'address.province.required' };
  const province = findProvince(regions, values.province_code);
  if (regions && !province) return { province_code: 'address.province.invalid' };
  if (!values.city_code) return { city_code: 'address.cityCode.required' };
  const city = findCity(province, values.city_code);
  if (!regions) return {};
  if (!city) return { city_code: 'address.cityCode.invalid' };
  if (!values.district_code) return city.districts.length ? { district_code: 'address.district.required' } : {};
  if (!city.districts.some((d) => d.code === values.district_code))
    return { district_code: 'address.district.invalid' };
  return {};
}
