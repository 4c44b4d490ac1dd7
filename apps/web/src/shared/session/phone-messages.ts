import { useTranslation } from '../../i18n/i18n.ts';
import { HttpError } from '../../lib/http.ts';
import { REQUIRED_KEY } from '../ui/text-field.tsx';
import { useErrorText } from '../ui/use-error-text.ts';
import type { PhoneFieldProblem } from './phone-mask.ts';

/** A number the server refused because the brand sends no codes to its country (`details.countryCodes` lists the ones it does). */
const isOutsideCountries = (error: unknown): boolean =>
  error instanceof HttpError &&
  error.code === 'PHONE_INVALID' &&
  (error.body?.details as { problem?: unknown } | undefined)?.problem === 'COUNTRY';

/**
 * What the phone step (the login, the phone change) says: about the field as typed (`problem`), and
 * about a failed call (`failure`), where a refused country reads in the field's own words.
 */
export function usePhoneMessages(): { problem: (problem: PhoneFieldProblem) => string; failure: (error: unknown) => string } {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return {
    problem: (problem) => t(problem === 'required' ? REQUIRED_KEY : `auth.validation.${problem}`),
    failure: (error) => (isOutsideCountries(error) ? t('auth.validation.country') : errorText(error)),
  };
}
