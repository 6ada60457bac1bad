// The one-time-token store's door (docs/operations.md#one-time-tokens): features issue, look up and spend their
// single-use secrets only through these.
export {
  ACCOUNT_LINKS,
  PASSWORD_LINKS,
  dropSpentTokens,
  findToken,
  hashToken,
  issueToken,
  knownToken,
  latestWaiting,
  recordSpent,
  spendToken,
  spendWaiting,
  usableToken,
  type StoredToken,
  type TokenKind,
} from './store';
