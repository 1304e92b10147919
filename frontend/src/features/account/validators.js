// Form rules of SPEC section 5, as pure functions. Each validator takes the
// form values and a translator and returns { field: message } for the fields
// that fail (empty when the form is valid); the first failing rule of a field wins.
// The BFF checks the same rules (bff/accounts/schemas.py) and answers with the same texts.

// A pragmatic address check (what browsers use for type=email): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const STRONG = /^[A-Za-z0-9]{6,20}$/;

const blank = (value) => value == null || String(value).trim() === '';

export const isEmail = (value) => EMAIL.test(String(value ?? '').trim());

function emailError(value, t, required, invalid) {
  if (blank(value)) return t(required);
  if (!isEmail(value)) return t(invalid);
  return null;
}

function passwordError(value, t) {
  const text = value == null ? '' : String(value);
  if (text === '') return t('validate.passwordRequired');
  if (text.length < 8) return t('validate.passwordMin');
  if (text.length > 20) return t('validate.passwordMax');
  if (!STRONG.test(text)) return t('validate.passwordStrong');
  return null;
}

function confirmationError(password, confirmation, t) {
  if (confirmation == null || confirmation === '') return t('validate.confirmationRequired');
  if (confirmation !== password) return t('validate.confirmationMismatch');
  return null;
}

function collect(entries) {
  const errors = {};
  for (const [field, message] of entries) if (message) errors[field] = message;
  return errors;
}

export function validateLogin({ email, password }, t) {
  return collect([
    ['email', emailError(email, t, 'validate.emailRequired', 'validate.emailInvalid')],
    ['password', blank(password) ? t('validate.passwordRequired') : null],
  ]);
}

export function validateForgotPassword({ email }, t) {
  return collect([['email', emailError(email, t, 'validate.resetEmailRequired', 'validate.resetEmailInvalid')]]);
}

export function validateRegister({ name, email, password, password_confirmation: confirmation, acceptTerms }, t) {
  return collect([
    ['name', blank(name) ? t('validate.nameRequired') : null],
    ['email', emailError(email, t, 'validate.emailRequired', 'validate.emailInvalid')],
    ['password', passwordError(password, t)],
    ['password_confirmation', confirmationError(password, confirmation, t)],
    ['acceptTerms', acceptTerms === true ? null : t('validate.acceptTerms')],
  ]);
}

export function validateResetPassword({ password, password_confirmation: confirmation }, t) {
  return collect([
    ['password', passwordError(password, t)],
    ['password_confirmation', confirmationError(password, confirmation, t)],
  ]);
}

/** True when both passwords are filled in and differ: the reset screen also raises an alert then. */
export const passwordsMismatch = ({ password, password_confirmation: confirmation }) =>
  Boolean(password) && Boolean(confirmation) && password !== confirmation;
