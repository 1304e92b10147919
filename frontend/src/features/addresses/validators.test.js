import { describe, expect, it } from 'vitest';
import { installTexts, translator } from '../../i18n/index.js';
import * as texts from './strings.js';
import { serverErrors, validateRecipient } from './validators.js';

installTexts([texts]);

const china = {
  shipping_name: '王小明',
  shipping_contact: '13800000000',
  shipping_country: '中国',
  shipping_city: '上海市 浦东新区',
  shipping_address: '浦东新区 1 号',
  province_code: '310000',
  city_code: '310000',
  district_code: '310115',
};
const nz = {
  shipping_name: 'Amy Li',
  shipping_contact: '0211234567',
  shipping_country: 'New Zealand',
  shipping_city: 'Auckland',
  shipping_address: '1 Queen St, CBD.',
};
const t = translator('zh');

describe('recipient validator (SPEC section 5)', () => {
  it('accepts a Chinese address in Chinese and an English New Zealand one', () => {
    expect(validateRecipient(china)).toEqual({});
    expect(validateRecipient(nz)).toEqual({});
  });

  it('asks for every required field', () => {
    const errors = validateRecipient({
      shipping_name: ' ',
      shipping_contact: '',
      shipping_country: '',
      shipping_city: '',
      shipping_address: '',
    });
    expect(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, t(v)]))).toEqual({
      shipping_name: '请输入收件人姓名',
      shipping_contact: '请输入收件人电话',
      shipping_address: '请输入收件人地址',
      shipping_city: '请输入收件人城市/省份',
      shipping_country: '请选择国家',
    });
  });

  it.each([
    [
      'address in Chinese',
      { shipping_address: '皇后街1号' },
      'shipping_address',
      '地址不正确，请使用英文填写地址信息。',
    ],
    [
      'address with markup',
      { shipping_address: '1/2 Queen St <b>' },
      'shipping_address',
      '地址不正确，请使用英文填写地址信息。',
    ],
    [
      'city that is not a New Zealand one',
      { shipping_city: '上海' },
      'shipping_city',
      '请用英文填写新西兰城市（如 Auckland），或常用中文名（如 奥克兰）',
    ],
    ['name with digits', { shipping_name: 'Li 2' }, 'shipping_name', "收件人姓名只能包含文字、空格和 . - ' ·"],
    [
      'phone with a plus inside',
      { shipping_contact: '64+211234567' },
      'shipping_contact',
      '电话号码只能包含数字、空格、开头的 +、连字符和括号',
    ],
    [
      'phone with letters',
      { shipping_contact: '021 123 ext 4' },
      'shipping_contact',
      '电话号码只能包含数字、空格、开头的 +、连字符和括号',
    ],
  ])('refuses a New Zealand %s under that field, saying what is wrong', (_, change, field, message) => {
    const errors = validateRecipient({ ...nz, ...change });
    expect(Object.keys(errors)).toEqual([field]);
    expect(t(errors[field])).toBe(message);
    expect(translator('en')(errors[field])).not.toBe(errors[field]); // an English text exists
  });

  it('accepts a Chinese name, 奥克兰 and an address with brackets (issue 30.5)', () => {
    const errors = validateRecipient({
      ...nz,
      shipping_name: '王小明',
      shipping_city: '奥克兰',
      shipping_address: '12 Queen St (rear)',
    });
    expect(errors).toEqual({});
  });

  it('accepts what New Zealand addresses contain (macrons, apostrophes, slashes, phone signs)', () => {
    const kiwi = {
      ...nz,
      shipping_name: 'Siobhán O’Neill',
      shipping_contact: '+64 21 123 4567',
      shipping_city: 'Whangārei',
      shipping_address: "2/15 O'Brien St, Unit #3 & Co.",
    };
    expect(validateRecipient(kiwi)).toEqual({});
    expect(validateRecipient({ ...kiwi, shipping_contact: '(09) 123-4567' })).toEqual({});
  });

  it('has no extra check of the text for China', () => {
    expect(validateRecipient({ ...china, shipping_contact: '+86 138-0000' })).toEqual({});
  });

  it('asks for the China place level by level, the district where the city has any', () => {
    const regions = [
      {
        code: '650000',
        name: '新疆维吾尔自治区',
        cities: [{ code: '650100', name: '乌鲁木齐市', districts: [{ code: '650102', name: '天山区' }] }],
      },
      { code: '440000', name: '广东省', cities: [{ code: '441900', name: '东莞市', districts: [] }] },
    ];
    const none = { province_code: null, city_code: null, district_code: null, shipping_city: '' };
    expect(validateRecipient({ ...china, ...none }, regions)).toEqual({ province_code: 'address.province.required' });
    expect(validateRecipient({ ...china, ...none, province_code: '650000' }, regions)).toEqual({
      city_code: 'address.cityCode.required',
    });
    const urumqi = { ...china, province_code: '650000', city_code: '650100', district_code: null };
    expect(validateRecipient(urumqi, regions)).toEqual({ district_code: 'address.district.required' });
    expect(validateRecipient({ ...urumqi, district_code: '650102' }, regions)).toEqual({});
    expect(
      validateRecipient({ ...china, province_code: '440000', city_code: '441900', district_code: null }, regions),
    ).toEqual({});
    // The BFF writes a China city text from the place: none is asked for.
    expect(validateRecipient({ ...urumqi, district_code: '650102', shipping_city: '' }, regions)).toEqual({});
  });

  it.each([
    ['a province not of the lists', { province_code: '990000' }, 'province_code', '没有这个省份，请重新选择'],
    ['a city of another province', { city_code: '441900' }, 'city_code', '该省份没有这个城市，请重新选择'],
    ['a district since merged away', { district_code: '650199' }, 'district_code', '该城市没有这个区县，请重新选择'],
    [
      'a district where the city has none',
      { province_code: '440000', city_code: '441900' },
      'district_code',
      '该城市没有这个区县，请重新选择',
    ],
  ])('refuses %s once the lists are loaded, as the BFF does', (_, change, field, message) => {
    const regions = [
      {
        code: '650000',
        name: '新疆维吾尔自治区',
        cities: [{ code: '650100', name: '乌鲁木齐市', districts: [{ code: '650102', name: '天山区' }] }],
      },
      { code: '440000', name: '广东省', cities: [{ code: '441900', name: '东莞市', districts: [] }] },
    ];
    const urumqi = { ...china, province_code: '650000', city_code: '650100', district_code: '650102' };
    const errors = validateRecipient({ ...urumqi, ...change }, regions);
    expect(Object.keys(errors)).toEqual([field]);
    expect(t(errors[field])).toBe(message);
    // Before the lists load, only what is missing is known: the BFF checks the rest.
    expect(validateRecipient({ ...urumqi, ...change }, null)).toEqual({});
  });

  it('reads the BFF 422 field errors', () => {
    expect(serverErrors({ data: { errors: { shipping_city: ['请输入收件人城市/省份'] } } })).toEqual({
      shipping_city: '请输入收件人城市/省份',
    });
    expect(serverErrors(null)).toEqual({});
  });
});
