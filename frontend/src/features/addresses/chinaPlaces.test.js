import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { placeChanges, placeErrors, placeLabel } from './chinaPlaces.js';

const regions = JSON.parse(fs.readFileSync(new URL('../../../../rules/china_regions.json', import.meta.url), 'utf8'));

describe('China places (rules/china_regions.json, as bff/addresses/regions.py reads it)', () => {
  it('names a place as the BFF does: a municipality once, a city without districts alone', () => {
    const label = (province_code, city_code, district_code = null) =>
      placeLabel(regions, { province_code, city_code, district_code });
    expect(label('650000', '650100', '650102')).toBe('新疆维吾尔自治区 乌鲁木齐市 天山区');
    expect(label('310000', '310000', '310115')).toBe('上海市 浦东新区');
    expect(label('440000', '441900')).toBe('广东省 东莞市');
    expect(label('420000', '429004')).toBe('湖北省 仙桃市');
    expect(label('650000', '310000')).toBe('');
  });

  it('lists every province with at least one city, and districts under cities', () => {
    expect(regions).toHaveLength(34);
    for (const province of regions) {
      expect(province.cities.length, province.name).toBeGreaterThan(0);
      for (const city of province.cities) {
        expect(Array.isArray(city.districts)).toBe(true);
        // The grouping 省直辖县级行政区划 is no place: its county-level cities are listed instead.
        expect(city.name, city.code).not.toContain('直辖');
      }
    }
  });

  it('cascades: each choice clears the levels below it and names the place', () => {
    let values = { province_code: null, city_code: null, district_code: null, shipping_city: '新疆乌鲁木齐' };
    const choose = (level, code) => {
      values = { ...values, ...placeChanges(regions, values, level, code) };
      return values;
    };
    // What the shopper once typed stays in view until a city is chosen.
    expect(choose('province_code', '650000')).toMatchObject({
      city_code: null,
      district_code: null,
      shipping_city: '新疆乌鲁木齐',
    });
    expect(placeErrors(values, regions)).toEqual({ city_code: 'address.cityCode.required' });
    choose('city_code', '650100');
    expect(placeErrors(values, regions)).toEqual({ district_code: 'address.district.required' });
    expect(choose('district_code', '650102').shipping_city).toBe('新疆维吾尔自治区 乌鲁木齐市 天山区');
    expect(placeErrors(values, regions)).toEqual({});
    // Another city empties the district; another province the city too.
    expect(choose('city_code', '659001')).toMatchObject({
      district_code: null,
      shipping_city: '新疆维吾尔自治区 石河子市',
    });
    expect(placeErrors(values, regions)).toEqual({});
    expect(choose('province_code', '440000')).toMatchObject({
      city_code: null,
      district_code: null,
      shipping_city: '',
    });
  });

  it('chooses the one city of a municipality at once', () => {
    const values = { province_code: null, city_code: null, district_code: null };
    expect(placeChanges(regions, values, 'province_code', '310000')).toEqual({
      province_code: '310000',
      city_code: '310000',
      district_code: null,
      shipping_city: '上海市',
    });
    expect(placeChanges(regions, values, 'province_code', '')).toMatchObject({ province_code: null, city_code: null });
  });
});
