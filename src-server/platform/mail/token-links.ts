// Links that sign a person in (a password reset, an invitation, and any later link of the kind) carry their
// secret as a `token=` query parameter. Once a message is delivered its copy in the outbox has no use for that
// secret, nor has the log line that stands in for sending it without SMTP_URL (unless MAIL_LOG_LINKS asks for it):
// read from the table or the log it would be a working link into someone's account (docs/operations.md#mail). The
// rule is written on the parameter, not on the paths, so a new kind of link is covered without a change here.

/** What a token's value becomes. It starts with '[', which no token value here has, so redacting twice changes nothing. */
export const REMOVED_TOKEN = '[link removed once delivered]';

/**
 * `token=` after `?`, `&` or `;` (any letter case), then its value: everything up to the next parameter, fragment,
 * space, quote, bracket or angle bracket, none of which a token carries unencoded.
 */
const TOKEN_PARAMETER = /([?&;]token=)[^\s&#<>"'()[\]]+/gi;

/** `text` with the value of every `token=` query parameter replaced by REMOVED_TOKEN; the rest as it was. */
export function withoutTokens(text: string): string {
  return text.replace(TOKEN_PARAMETER, `$1${REMOVED_TOKEN}`);
}
