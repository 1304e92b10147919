import { useId } from 'react';

// The console's form controls: a label above, the field's message below (aria-linked).

const INPUT = 'block w-full rounded-md border bg-white px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-rose-200';
const border = (error) => (error ? 'border-rose-500' : 'border-gray-300 focus:border-rose-400');

function Labelled({ label, error, name, hint, children, className = '' }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      {children({ id, describedBy: error ? errorId : undefined })}
      {hint && !error && <p className="mt-1 text-xs text-gray-500">{hint}</p>}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-rose-600" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A text (or number-like) input: onChange(name, value). */
export function TextField({ label, name, value, onChange, error, hint, className, inputMode, type = 'text', ...rest }) {
  return (
    <Labelled label={label} error={error} name={name} hint={hint} className={className}>
      {({ id, describedBy }) => (
        <input
          id={id}
          name={name}
          type={type}
          inputMode={inputMode}
          value={value}
          onChange={(e) => onChange(name, e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          className={`${INPUT} ${border(error)}`}
          {...rest}
        />
      )}
    </Labelled>
  );
}

export const MoneyField = (props) => <TextField inputMode="decimal" placeholder="0.00" {...props} />;
export const IntegerField = (props) => <TextField inputMode="numeric" {...props} />;

export function TextArea({ label, name, value, onChange, error, rows = 3, className, hint }) {
  return (
    <Labelled label={label} error={error} name={name} hint={hint} className={className}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          name={name}
          rows={rows}
          value={value}
          onChange={(e) => onChange(name, e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          className={`${INPUT} ${border(error)}`}
        />
      )}
    </Labelled>
  );
}

/** options: [{ value, label }]; the empty choice first when `empty` is given. */
export function Select({ label, name, value, onChange, options, empty, error, className, ...rest }) {
  return (
    <Labelled label={label} error={error} name={name} className={className}>
      {({ id, describedBy }) => (
        <select
          id={id}
          name={name}
          value={value}
          onChange={(e) => onChange(name, e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          className={`${INPUT} ${border(error)}`}
          {...rest}
        >
          {empty !== undefined && <option value="">{empty}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}

export function Checkbox({ label, name, checked, onChange }) {
  return (
    <label className="flex items-center gap-2 text-sm text-gray-700">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(name, e.target.checked)}
        className="h-4 w-4 rounded border-gray-300 text-rose-600"
      />
      {label}
    </label>
  );
}

/** A titled card of the console. */
export function Panel({ title, children, actions = null, testId }) {
  return (
    <section className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-100 sm:p-6" data-testid={testId}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

const BUTTON = {
  primary: 'bg-gray-900 text-white hover:bg-gray-700',
  plain: 'bg-white text-gray-800 ring-1 ring-gray-300 hover:bg-gray-50',
  danger: 'bg-white text-rose-700 ring-1 ring-rose-300 hover:bg-rose-50',
};

export function Button({ kind = 'plain', small = false, className = '', type = 'button', ...props }) {
  const size = small ? 'px-2.5 py-1 text-xs' : 'px-4 py-2 text-sm';
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center rounded-md font-medium disabled:opacity-50 ${size} ${BUTTON[kind]} ${className}`}
      {...props}
    />
  );
}

/** A list's text search: typed freely, applied (trimmed) when the owner presses Enter. */
export function SearchForm({ label, value, onChange, onSearch, testId }) {
  return (
    <form
      role="search"
      className="col-span-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value.trim());
      }}
    >
      <TextField
        label={label}
        name="q"
        type="search"
        value={value}
        onChange={(_, text) => onChange(text)}
        data-testid={testId}
      />
    </form>
  );
}
