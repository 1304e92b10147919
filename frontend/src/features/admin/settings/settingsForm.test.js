import { describe, expect, it } from 'vitest';
import { changedBody, fromSettings, isTimeZone, validateSettings } from './settingsForm.js';

const SETTINGS = {
  code: 'main',
  version: 3,
  shop_name: '纽西兰好物',
  shop_slogan: '',
  shop_description: '',
  qq_number: '',
  shop_incentive_title: '',
  shop_incentive_name1: '',
  shop_incentive_name2: '',
  shop_incentive_name3: '',
  shop_incentive_description1: '',
  shop_incentive_description2: '',
  shop_incentive_description3: '',
  overseas_shipping_note: '',
  local_shipping_note: '',
  pick_up_note: '',
  shipping_cost: 12.5,
  overseas_direct_special_area_shipping_fee: 20,
  local_shipping_cost: 5,
  out_auckland_local_shipping_fee: 8,
  is_overseas_shipping: 1,
  is_local_shipping: 0,
  is_pick_up: 1,
  is_direct_payment_enabled: 0,
  shop_exchange_rate: 4.8,
  language: 'zh',
  time_zone: 'Asia/Shanghai',
  unpaid_order_timeout_minutes: 1440,
  low_stock_threshold: 5,
  daily_report_enabled: true,
  site_url: 'https://shop.example.com',
  hosts: ['shop.example.com', 'localhost'],
};

describe('the shop settings form', () => {
  it('holds what the BFF answered, amounts as the inputs show them', () => {
    const values = fromSettings(SETTINGS);
    expect(values.shop_exchange_rate).toBe('4.8000');
    expect(values.shipping_cost).toBe('12.50');
    expect(values.is_local_shipping).toBe(false);
    expect(values.unpaid_order_timeout_minutes).toBe('1440');
    expect(validateSettings(values)).toEqual({});
  });

  it('refuses a bad rate, time-out, zone, fee, no shipping method and a missing name', () => {
    const values = {
      ...fromSettings(SETTINGS),
      shop_name: ' ',
      shop_exchange_rate: '4.12345',
      unpaid_order_timeout_minutes: '4',
      time_zone: 'Mars/Olympus',
      shipping_cost: '1.005',
      is_overseas_shipping: false,
      is_pick_up: false,
    };
    expect(validateSettings(values)).toEqual({
      shop_name: 'admin.error.nameRequired',
      shop_exchange_rate: 'admin.settings.error.rate',
      unpaid_order_timeout_minutes: 'admin.settings.error.timeout',
      time_zone: 'admin.settings.error.timeZone',
      shipping_cost: 'admin.error.money',
      is_overseas_shipping: 'admin.settings.error.noShipping',
    });
    expect(validateSettings({ ...fromSettings(SETTINGS), shop_exchange_rate: '0' }).shop_exchange_rate).toBe(
      'admin.settings.error.rate',
    );
  });

  it('sends only what changed, typed', () => {
    const values = {
      ...fromSettings(SETTINGS),
      shop_exchange_rate: '5.1234',
      unpaid_order_timeout_minutes: '30',
      is_local_shipping: true,
      shop_slogan: 'Fresh ',
    };
    expect(changedBody(values, SETTINGS)).toEqual({
      shop_exchange_rate: '5.1234',
      unpaid_order_timeout_minutes: 30,
      is_local_shipping: true,
      shop_slogan: 'Fresh ',
    });
    expect(changedBody(fromSettings(SETTINGS), SETTINGS)).toEqual({});
  });

  it('knows a time zone by its IANA name', () => {
    expect(isTimeZone('Pacific/Auckland')).toBe(true);
    expect(isTimeZone('Nowhere/Else')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('sends the hosts as a list, only when they changed, and checks them and the site address', () => {
    const values = fromSettings(SETTINGS);
    expect(values.hosts).toBe('shop.example.com\nlocalhost');
    expect(changedBody({ ...values, hosts: 'localhost\nshop.example.com\n' }, SETTINGS)).toEqual({
      hosts: ['localhost', 'shop.example.com'],
    });
    expect(changedBody({ ...values, hosts: 'shop.example.com\n localhost ' }, SETTINGS)).toEqual({});
    expect(validateSettings({ ...values, site_url: 'shop.example.com/x', hosts: 'http://a.example' })).toEqual({
      site_url: 'admin.settings.error.siteUrl',
      hosts: 'admin.settings.error.hosts',
    });
  });

  it("checks the dashboard's low-stock threshold and sends it as a number, with the daily mail's switch", () => {
    const values = fromSettings(SETTINGS);
    expect(values.low_stock_threshold).toBe('5');
    expect(values.daily_report_enabled).toBe(true);
    expect(validateSettings({ ...values, low_stock_threshold: '-1' }).low_stock_threshold).toBe(
      'admin.settings.error.threshold',
    );
    expect(validateSettings({ ...values, low_stock_threshold: '10001' }).low_stock_threshold).toBeDefined();
    expect(changedBody({ ...values, low_stock_threshold: '12', daily_report_enabled: false }, SETTINGS)).toEqual({
      low_stock_threshold: 12,
      daily_report_enabled: false,
    });
  });
});
