import { useEffect, useState } from 'react';
import { useT } from '../../i18n/index.js';
import { TextArea } from './fields.jsx';
import { previewHtml } from './richText.js';

/** Rich text (HTML) with a preview cleaned in the browser once typing pauses; the BFF cleans it again. */
export default function RichTextField({ label, name, value, error, onChange, className = '' }) {
  const t = useT();
  const [clean, setClean] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setClean(previewHtml(value)), 200);
    return () => clearTimeout(timer);
  }, [value]);
  return (
    <div className={`grid grid-cols-1 gap-4 md:grid-cols-2 ${className}`}>
      <TextArea
        label={label}
        name={name}
        value={value}
        error={error}
        onChange={onChange}
        rows={12}
        hint={t('admin.hint.details')}
      />
      <div>
        <p className="mb-1 text-sm font-medium text-gray-700">{t('admin.field.preview')}</p>
        <div
          className="rich-text min-h-[7rem] rounded-md border border-dashed border-gray-300 bg-gray-50 p-3 text-sm"
          data-testid={`${name}-preview`}
          dangerouslySetInnerHTML={{ __html: clean }}
        />
      </div>
    </div>
  );
}
