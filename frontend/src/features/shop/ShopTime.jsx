import { useSelector } from 'react-redux';
import { formatDateTime } from '../../common/dates.js';
import { selectTimeZone } from './shopSlice.js';

/** A time from the BFF (ISO 8601 with offset) as yyyy-MM-dd HH:mm:ss in the shop's time zone. */
export default function ShopTime({ value, ...props }) {
  const timeZone = useSelector(selectTimeZone);
  return (
    <time dateTime={value || undefined} {...props}>
      {formatDateTime(value, timeZone)}
    </time>
  );
}
