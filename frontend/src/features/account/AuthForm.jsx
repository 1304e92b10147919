import { useId, useState } from 'react';
import { useT } from '../../i18n/index.js';

/** Form state of a sign-in screen: its values, per-field errors (a field's clears as it is
 * edited) and the busy flag while the call runs. */
export function useAuthForm(initial) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const change = (name, value) => {
    setForm((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  return { form, errors, setErrors, busy, setBusy, change };
}

/** The card every sign-in screen sits in. */
export function AuthCard({ title, testId, children, footer = null }) {
  return (
    <section className="mx-auto w-full max-w-md py-10" data-testid={testId}>
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-100 sm:p-8">
        <h1 className="text-center text-2xl font-semibold">{title}</h1>
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-4 text-center text-sm text-gray-600">{footer}</div>}
    </section>
  );
}

/** A labelled input with its validation message underneath. */
export function Field({ label, name, type = 'text', value, onChange, error, autoComplete, autoFocus = false }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        onChange={(e) => onChange(name, e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        className={`block w-full rounded-lg border px-3 py-2 outline-none focus:ring-2 focus:ring-rose-200 ${error ? 'border-rose-500' : 'border-gray-300 focus:border-rose-400'}`}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-rose-600" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The email address, as signing in, registering, a reset and adding one ask for it. */
export function EmailField({ form, errors, change }) {
  const t = useT();
  return (
    <Field
      label={t('auth.email')}
      name="email"
      type="email"
      autoComplete="email"
      value={form.email}
      onChange={change}
      error={errors.email}
    />
  );
}

/**
 * The new password and its confirmation, as registering, resetting and joining ask for them
 * (`label` another name for the password; `confirm` false leaves the confirmation out until a
 * password is typed, where the password is optional).
 */
export function NewPasswordFields({ form, errors, change, label = null, confirm = true }) {
  const t = useT();
  return (
    <>
      <Field
        label={label || t('auth.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={change}
        error={errors.password}
      />
      {confirm && (
        <Field
          label={t('auth.passwordConfirmation')}
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          value={form.password_confirmation}
          onChange={change}
          error={errors.password_confirmation}
        />
      )}
    </>
  );
}

export function SubmitButton({ busy, children, busyText }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="mt-2 w-full rounded-full bg-gray-900 px-5 py-2.5 text-sm font-medium text-white hover:bg-gray-700 disabled:opacity-60"
    >
      {busy ? busyText : children}
    </button>
  );
}

/** Field messages of a 422 from the BFF ({errors: {field: [message]}}), first message each. */
export function serverFieldErrors(error) {
  const errors = error?.data?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      Array.isArray(messages) ? messages[0] : String(messages),
    ]),
  );
}
