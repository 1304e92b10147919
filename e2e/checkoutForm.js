// The checkout's recipient form as the browser tests fill it (shopping, payments, the console's
// orders): one Shanghai recipient and one way of choosing a place.

export const SHANGHAI = {
  name: '王小明',
  phone: '13800000000',
  country: '中国',
  place: ['上海市', '上海市', '浦东新区'],
  address: '世纪大道1号',
};

/** China: the place from the three lists (they load on demand); New Zealand: the city typed. */
export async function choosePlace(root, place) {
  await root.locator('#recipient-province').selectOption({ label: place[0] });
  await root.locator('#recipient-city').selectOption({ label: place[1] });
  if (place[2]) await root.locator('#recipient-district').selectOption({ label: place[2] });
}

/** Fills the recipient form in `root` (the page, or an address dialog) with `values`. */
export async function fillRecipient(root, values) {
  await root.locator('#recipient-name').fill(values.name);
  await root.locator('#recipient-phone').fill(values.phone);
  await root.locator('#recipient-country').selectOption(values.country);
  if (values.place) await choosePlace(root, values.place);
  else await root.locator('#recipient-city').fill(values.city);
  await root.locator('#recipient-address').fill(values.address);
}
