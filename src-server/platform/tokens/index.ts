// The one-time-token store's door (docs/operations.md#one-time-tokens): features issue, look up and spend their
// single-use secrets only through these.
export {
  ACCOUNT_LINKS,
  codeMatches,
  countWrongCode,
  PASSWORD_LINKS,
  dropSpentTokens,
  findToken,
  hashToken,
  issueCode,
  issueToken,
  knownToken,
  latestWaiting,
  recordSpent,
  spendCode,
  spendToken,
  spendWaiting,
  usableToken,
  type StoredToken,
  type TokenKind,
} from './store';
