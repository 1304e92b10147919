import { useT } from '../../i18n/index.js';
import { findCity, findProvince, placeChanges, useChinaRegions } from './chinaPlaces.js';

const FIELD = 'mt-1 w-full rounded-lg border px-3 py-2 text-sm disabled:bg-gray-50';

function PlaceSelect({ id, label, value, options, error, onChange, disabled, placeholder }) {
  const t = useT();
  return (
    <label className="block text-sm" htmlFor={id}>
      <span className="text-gray-700">{label}</span>
      <select
        id={id}
        name={id}
        value={value || ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value || null)}
        className={`${FIELD} ${error ? 'border-rose-500' : 'border-gray-300'}`}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
      {error && (
        <span className="mt-1 block text-xs text-rose-600" role="alert" data-testid={`error-${id}`}>
          {t(error)}
        </span>
      )}
    </label>
  );
}

/**
 * Province, city and district of a China address, chosen from the lists (the BFF accepts only
 * their codes); the address text (street, building) stays free. Choosing a level clears the
 * ones below it; `shipping_city` follows as the place's names.
 */
export default function ChinaPlaceFields({ values, errors, onChange }) {
  const t = useT();
  const regions = useChinaRegions();
  const province = findProvince(regions, values.province_code);
  const city = findCity(province, values.city_code);
  const choose = (level) => (code) => {
    for (const [name, value] of Object.entries(placeChanges(regions, values, level, code))) onChange(name, value);
  };
  const waiting = regions ? null : t('address.regionsLoading');
  // An address typed before the lists: what the shopper wrote, to choose the same place.
  const typed = !values.city_code && values.shipping_city ? values.shipping_city : null;
  return (
    <div className="grid gap-3 sm:col-span-2 sm:grid-cols-3" data-testid="china-place">
      <PlaceSelect
        id="recipient-province"
        label={t('address.province')}
        value={values.province_code}
        options={regions || []}
        error={errors.province_code}
        disabled={!regions}
        placeholder={waiting || t('address.chooseProvince')}
        onChange={choose('province_code')}
      />
      <PlaceSelect
        id="recipient-city"
        label={t('address.cityName')}
        value={values.city_code}
        options={province?.cities || []}
        error={errors.city_code || errors.shipping_city}
        disabled={!province}
        placeholder={waiting || t('address.chooseCity')}
        onChange={choose('city_code')}
      />
      <PlaceSelect
        id="recipient-district"
        label={t('address.district')}
        value={values.district_code}
        options={city?.districts || []}
        error={errors.district_code}
        disabled={!city || city.districts.length === 0}
        placeholder={
          waiting || t(city && city.districts.length === 0 ? 'address.noDistricts' : 'address.chooseDistrict')
        }
        onChange={choose('district_code')}
      />
      {typed && (
        <p className="text-xs text-amber-700 sm:col-span-3" data-testid="typed-place">
          {t('address.typedPlace', { place: typed })}
        </p>
      )}
    </div>
  );
}
