import { useT } from '../../i18n/index.js';
import { CHINA } from '../../common/rules/shipping.js';
import { useHomeCountry } from './homeCountry.js';
import ChinaPlaceFields from './ChinaPlaceFields.jsx';

// The address form of SPEC section 3: recipient-name, -phone, -address, -city, -country, -id.
export const EMPTY_ADDRESS = {
  shipping_name: '',
  shipping_contact: '',
  shipping_address: '',
  shipping_city: '',
  shipping_country: CHINA,
  shipping_id: '',
  // China: the place chosen from the lists (ChinaPlaceFields), GB/T 2260 codes.
  province_code: null,
  city_code: null,
  district_code: null,
};
const FIELDS = [
  ['recipient-name', 'shipping_name', 'checkout.name'],
  ['recipient-phone', 'shipping_contact', 'checkout.phone'],
  ['recipient-country', 'shipping_country', 'checkout.country'],
  ['recipient-city', 'shipping_city', 'checkout.city'],
  ['recipient-address', 'shipping_address', 'checkout.address'],
  ['recipient-id', 'shipping_id', 'checkout.idNumber'],
];

/** A blank recipient on `country` (the shop's own, or the member's last: homeCountry.js). */
export const emptyAddress = (country = CHINA) => ({ ...EMPTY_ADDRESS, shipping_country: country });

function AddressField({ id, name, label, value, error, onChange, t, countries }) {
  const cls = `mt-1 w-full rounded-lg border px-3 py-2 text-sm ${error ? 'border-rose-500' : 'border-gray-300'}`;
  return (
    <label className="block text-sm" htmlFor={id}>
      <span className="text-gray-700">{label}</span>
      {name === 'shipping_country' ? (
        <select id={id} name={id} value={value} onChange={(e) => onChange(name, e.target.value)} className={cls}>
          <option value="">{t('checkout.chooseCountry')}</option>
          {countries.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={id}
          value={value}
          onChange={(e) => onChange(name, e.target.value)}
          className={cls}
          inputMode={name === 'shipping_contact' ? 'tel' : undefined}
        />
      )}
      {error && (
        <span className="mt-1 block text-xs text-rose-600" role="alert" data-testid={`error-${id}`}>
          {t(error)}
        </span>
      )}
    </label>
  );
}

/** The recipient's fields, each in a cell of the caller's two-column grid (the address spans both). */
export function RecipientFields({ values, errors, onChange, idRequired = false }) {
  const t = useT();
  const { countries } = useHomeCountry();
  const china = values.shipping_country === CHINA;
  return FIELDS.map(([id, name, label]) =>
    china && name === 'shipping_city' ? (
      <ChinaPlaceFields key="china-place" values={values} errors={errors} onChange={onChange} />
    ) : (
      <div key={id} className={name === 'shipping_address' ? 'sm:col-span-2' : ''}>
        <AddressField
          id={id}
          name={name}
          label={t(name === 'shipping_id' && idRequired ? 'checkout.idNumberRequired' : label)}
          value={values[name]}
          error={errors[name]}
          onChange={onChange}
          t={t}
          countries={countries}
        />
        {name === 'shipping_id' && idRequired && (
          <p className="mt-1 text-xs text-gray-600" data-testid="id-required-why">
            {t('checkout.idRequiredWhy')}
          </p>
        )}
      </div>
    ),
  );
}
