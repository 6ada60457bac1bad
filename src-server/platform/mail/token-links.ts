// Links that sign a person in carry their secret as `token=`: a delivered message's stored copy and its log line
// drop it (docs/operations.md#mail). The rule is on the parameter, not the paths, so new kinds of link are covered.

/** What a token's value becomes. It starts with '[', which no token value here has, so redacting twice changes nothing. */
export const REMOVED_TOKEN = '[link removed once delivered]';

/** `token=` after `?`, `&` or `;` (any case), and its value up to a character no token carries unencoded. */
const TOKEN_PARAMETER = /([?&;]token=)[^\s&#<>"'()[\]]+/gi;

/** `text` with the value of every `token=` query parameter replaced by REMOVED_TOKEN; the rest as it was. */
export function withoutTokens(text: string): string {
  return text.replace(TOKEN_PARAMETER, `$1${REMOVED_TOKEN}`);
}
