// Links that sign a person in carry their secret as `token=`: a delivered message's stored copy and its log line
// drop it (docs/operations.md#mail). The rule is on the parameter, not the paths, so new kinds of link are covered.
import { CONFIRMATION_CODE_LABEL } from '../../contract/email-confirmation';

/** What a token's value becomes. It starts with '[', which no token value here has, so redacting twice changes nothing. */
export const REMOVED_TOKEN = '[link removed once delivered]';

/** `token=` after `?`, `&` or `;` (any case), and its value up to a character no token carries unencoded. */
const TOKEN_PARAMETER = /([?&;]token=)[^\s&#<>"'()[\]]+/gi;

/** The address confirmation's six-digit code: as much a secret as the link beside it, so it goes the same way. */
const CONFIRMATION_CODE = new RegExp(`(${CONFIRMATION_CODE_LABEL} )\\d{6}`, 'g');
export const REMOVED_CODE = '[code removed once delivered]';

/**
 * `text` with the value of every `token=` query parameter replaced by REMOVED_TOKEN, and every confirmation code by
 * REMOVED_CODE; the rest as it was.
 */
export function withoutTokens(text: string): string {
  return text.replace(TOKEN_PARAMETER, `$1${REMOVED_TOKEN}`).replace(CONFIRMATION_CODE, `$1${REMOVED_CODE}`);
}
