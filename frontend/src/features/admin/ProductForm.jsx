import { useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { selectTimeZone } from '../shop/shopSlice.js';
import { fromLocalInput, toLocalInput } from './content/kinds.js';
import { emptyVariant, MAX_VARIANTS } from './productForm.js';
import { Button, Checkbox, IntegerField, MoneyField, Panel, Select, TextArea, TextField } from './fields.jsx';
import RichTextField from './rich/RichTextField.jsx';

function VariantRow({ variant, index, errors, onChange, onRemove, isNewVariant, pictures }) {
  const t = useT();
  const field = (name) => ({
    name,
    value: variant[name],
    error: errors[`variants.${index}.${name}`],
    onChange: (_, value) => onChange(index, name, value),
  });
  return (
    <fieldset className="rounded-md border border-gray-200 p-3" data-testid="variant-row">
      <legend className="px-1 text-xs text-gray-500">{t('admin.variant.label', { n: index + 1 })}</legend>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-6">
        <TextField label={t('admin.field.name')} className="col-span-2" {...field('name')} />
        <MoneyField label={t('admin.field.price')} {...field('price')} />
        <MoneyField label={t('admin.field.discount')} {...field('discount')} />
        <MoneyField label={t('admin.field.memberPrice')} {...field('member_price')} />
        <IntegerField label={t('admin.field.weight')} {...field('weight')} />
        <TextField label={t('admin.field.sku')} {...field('sku')} data-testid="variant-sku" />
        <TextField
          label={t('admin.field.barcode')}
          hint={t('admin.hint.barcode')}
          inputMode="numeric"
          {...field('barcode')}
          data-testid="variant-barcode"
        />
        <Select
          label={t('admin.field.variantPicture')}
          empty={t('admin.field.none')}
          options={pictures}
          {...field('image_id')}
          data-testid="variant-picture"
        />
        {isNewVariant ? (
          <IntegerField label={t('admin.field.openingStock')} {...field('virtual_inventory')} />
        ) : (
          <p className="text-sm text-gray-600">
            {t('admin.field.stock')}: <span data-testid="variant-stock">{variant.virtual_inventory}</span>
          </p>
        )}
        <div className="flex items-end">
          <Button small kind="danger" onClick={() => onRemove(index)} data-testid="remove-variant">
            {t('admin.variant.remove')}
          </Button>
        </div>
      </div>
    </fieldset>
  );
}

/**
 * Every editable field of a product (bff/catalog/admin_schemas.py ProductInput). State is the
 * editor's: `values`, `errors` (texts by the BFF's field names), and the change handlers.
 */
/** Draft or on the storefront, and from when: the start typed in the shop's time zone. */
function PublishFields({ values, onChange, error }) {
  const t = useT();
  const timeZone = useSelector(selectTimeZone);
  return (
    <>
      <TextField
        type="datetime-local"
        label={t('admin.field.publishAt')}
        hint={t('admin.hint.publishAt')}
        name="publish_at"
        value={toLocalInput(values.publish_at, timeZone)}
        onChange={(_, typed) => onChange('publish_at', fromLocalInput(typed, timeZone) ?? '')}
        error={error}
        data-testid="product-publish-at"
      />
      <div className="flex items-center">
        <Checkbox
          label={t('admin.field.draft')}
          name="draft"
          checked={!values.is_active}
          onChange={(_, checked) => onChange('is_active', !checked)}
        />
      </div>
    </>
  );
}

export default function ProductForm({ values, errors, refs, isNew, onChange, onVariants, images = [], upload }) {
  const t = useT();
  // A variant's picture is one of the product's (they are uploaded below, after the first save).
  const pictures = images.map((img, i) => ({ value: String(img.id), label: img.alt || img.name || `#${i + 1}` }));
  const f = (name) => ({ name, value: values[name], error: errors[name], onChange });
  const changeVariant = (index, name, value) =>
    onVariants(
      values.variants.map((v, i) => (i === index ? { ...v, [name]: value } : v)),
      `variants.${index}.${name}`,
    );
  const removeVariant = (index) => onVariants(values.variants.filter((_, i) => i !== index));
  return (
    <div className="space-y-4">
      <Panel title={t('admin.section.basics')}>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <TextField label={t('admin.field.name')} className="md:col-span-2" {...f('name')} />
          <TextField label={t('admin.field.sku')} hint={t('admin.hint.sku')} {...f('sku')} />
          <TextArea label={t('admin.field.description')} className="md:col-span-2" {...f('description')} />
          <Select
            label={t('admin.field.category')}
            empty={t('admin.field.none')}
            options={refs?.categories || []}
            {...f('category_id')}
          />
          <Select
            label={t('admin.field.brand')}
            empty={t('admin.field.none')}
            options={refs?.brands || []}
            {...f('brand_id')}
          />
          <TextField label={t('admin.field.color')} {...f('color')} />
          <TextField label={t('admin.field.size')} {...f('size')} />
          <TextField label={t('admin.field.imageAlt')} className="md:col-span-2" {...f('image_alt')} />
          <PublishFields values={values} onChange={onChange} error={errors?.publish_at} />
        </div>
      </Panel>
      <Panel title={t('admin.section.prices')}>
        <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
          <MoneyField label={t('admin.field.price')} {...f('price')} />
          <MoneyField label={t('admin.field.discount')} hint={t('admin.hint.discount')} {...f('discount')} />
          <MoneyField label={t('admin.field.memberPrice')} hint={t('admin.hint.memberPrice')} {...f('member_price')} />
          <IntegerField label={t('admin.field.weight')} {...f('weight')} />
          <IntegerField
            label={t('admin.field.recommendWeight')}
            hint={t('admin.hint.recommendWeight')}
            {...f('recommend_weight')}
          />
          {isNew && !values.variants.length && (
            <IntegerField label={t('admin.field.openingStock')} {...f('virtual_inventory')} />
          )}
          <div className="col-span-2 flex flex-col justify-center gap-2">
            <Checkbox
              label={t('admin.field.freeShipping')}
              name="is_free_shipping"
              checked={values.is_free_shipping}
              onChange={onChange}
            />
            <Checkbox
              label={t('admin.field.featured')}
              name="is_featured"
              checked={values.is_featured}
              onChange={onChange}
            />
          </div>
        </div>
      </Panel>
      <Panel
        title={t('admin.section.variants')}
        testId="variants"
        actions={
          <Button
            small
            disabled={values.variants.length >= MAX_VARIANTS}
            onClick={() => onVariants([...values.variants, emptyVariant()])}
            data-testid="add-variant"
          >
            {t('admin.variant.add')}
          </Button>
        }
      >
        {errors.variants && <p className="mb-2 text-sm text-rose-600">{errors.variants}</p>}
        {values.variants.length ? (
          <div className="space-y-3">
            {values.variants.map((variant, index) => (
              <VariantRow
                key={variant.key}
                variant={variant}
                index={index}
                errors={errors}
                onChange={changeVariant}
                onRemove={removeVariant}
                isNewVariant={!variant.id}
                pictures={pictures}
              />
            ))}
          </div>
        ) : (
          <p className="text-sm text-gray-500">{t('admin.variant.none')}</p>
        )}
      </Panel>
      <Panel title={t('admin.section.texts')}>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <TextArea label={t('admin.field.composition')} {...f('composition')} />
          <TextArea label={t('admin.field.usage')} {...f('usage_instructions')} />
          <RichTextField
            label={t('admin.field.details')}
            className="md:col-span-2"
            upload={upload}
            {...f('product_details')}
          />
        </div>
      </Panel>
    </div>
  );
}
