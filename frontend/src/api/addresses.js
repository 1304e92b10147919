import { PATHS } from './paths.js';

// Address book calls (SPEC section 7). The list comes default first.
export const ADDRESS_FIELDS = [
  'shipping_name',
  'shipping_contact',
  'shipping_country',
  'shipping_city',
  'shipping_address',
  'shipping_id',
];
// China: the place chosen from the lists, GB/T 2260 codes; null when not chosen (New Zealand).
export const PLACE_FIELDS = ['province_code', 'city_code', 'district_code'];

const pick = (values) => ({
  ...Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, values[k] ?? ''])),
  ...Object.fromEntries(PLACE_FIELDS.map((k) => [k, values[k] || null])),
});

export const fetchAddresses = async (api) => (await api.get(PATHS.addresses)).data.shipping_addresses.data;
export const createAddress = async (api, values) => (await api.post(`${PATHS.addresses}/create`, pick(values))).data;
export const updateAddress = async (api, id, values) =>
  (await api.post(`${PATHS.addresses}/update/${id}`, pick(values))).data;
export const deleteAddress = async (api, id) => (await api.post(`${PATHS.addresses}/delete/${id}`)).data;
export const setDefaultAddress = async (api, id) => (await api.post(`${PATHS.addresses}/default/${id}`)).data;
