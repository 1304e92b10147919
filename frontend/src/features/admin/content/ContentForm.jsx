import { useT } from '../../../i18n/index.js';
import { Checkbox, IntegerField, Select, TextField } from '../fields.jsx';
import ProductPicker from '../ProductPicker.jsx';
import RichTextField from '../rich/RichTextField.jsx';
import { KINDS } from './kinds.js';

/**
 * The fields of one kind (kinds.js), laid out as the product editor's. `parents`: the top-level
 * categories a category may sit under ({ value, label }).
 */
export default function ContentForm({ kind, values, errors, parents, onChange }) {
  const t = useT();
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {KINDS[kind].fields.map((field) => {
        const common = {
          key: field.name,
          name: field.name,
          label: t(field.label),
          value: values[field.name],
          error: errors[field.name],
          onChange,
        };
        switch (field.type) {
          case 'flag':
            return (
              <div key={field.name} className="flex items-end pb-2">
                <Checkbox label={t(field.label)} name={field.name} checked={values[field.name]} onChange={onChange} />
              </div>
            );
          case 'integer':
            return <IntegerField {...common} hint={t('admin.content.hint.position')} />;
          case 'parent':
            return <Select {...common} empty={t('admin.content.topLevel')} options={parents} />;
          case 'moment':
            return <TextField {...common} type="datetime-local" hint={t('admin.content.hint.moment')} />;
          case 'link':
            return <TextField {...common} className="md:col-span-2" hint={t('admin.content.hint.link')} />;
          case 'ids':
            return <ProductPicker {...common} className="md:col-span-2" hint={t('admin.content.hint.products')} />;
          case 'rich':
            return <RichTextField {...common} className="md:col-span-2" />;
          default:
            return <TextField {...common} className={field.max > 120 ? 'md:col-span-2' : ''} />;
        }
      })}
    </div>
  );
}
