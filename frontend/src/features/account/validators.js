// The account forms of SPEC section 5. Each validator takes the form values and
// a translator and returns { field: message } for the fields that fail (empty when
// the form is valid); the first failing rule of a field wins. The rules are
// common/rules/forms.js, which the BFF shares through rules/validation_cases.json;
// this module gives each failing rule its text.
import { emailRule, isBlank, passwordRule } from '../../common/rules/forms.js';

export { isEmail } from '../../common/rules/forms.js';

// Message keys by failing rule.
export const EMAIL_MESSAGES = { required: 'validate.emailRequired', invalid: 'validate.emailInvalid' };
export const RESET_EMAIL_MESSAGES = { required: 'validate.resetEmailRequired', invalid: 'validate.resetEmailInvalid' };
export const PASSWORD_MESSAGES = {
  required: 'validate.passwordRequired',
  too_short: 'validate.passwordMin',
  too_long: 'validate.passwordMax',
  weak: 'validate.passwordStrong',
};

const messageOf = (rule, messages, t) => (rule ? t(messages[rule]) : null);
const emailError = (value, t, messages = EMAIL_MESSAGES) => messageOf(emailRule(value), messages, t);
const passwordError = (value, t) => messageOf(passwordRule(value), PASSWORD_MESSAGES, t);

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
    ['email', emailError(email, t)],
    ['password', isBlank(password) ? t('validate.passwordRequired') : null],
  ]);
}

export function validateForgotPassword({ email }, t) {
  return collect([['email', emailError(email, t, RESET_EMAIL_MESSAGES)]]);
}

export function validateRegister({ name, email, password, password_confirmation: confirmation, acceptTerms }, t) {
  return collect([
    ['name', isBlank(name) ? t('validate.nameRequired') : null],
    ['email', emailError(email, t)],
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

/** Adding an email to an account without one: the address; a password only if one is typed, then confirmed. */
export function validateAddEmail({ email, password, password_confirmation: confirmation }, t) {
  const withPassword = Boolean(password);
  return collect([
    ['email', emailError(email, t)],
    ['password', withPassword ? passwordError(password, t) : null],
    ['password_confirmation', withPassword ? confirmationError(password, confirmation, t) : null],
  ]);
}
