// Usernames nobody may take (docs/product.md#registration), so no entry reads as the server's, staff's or the
// company's; a reserved word is refused by its stem too ('admin2', 'the_admin').
import { brand } from './brand';

/** A name as compared: lower case, without the dots, hyphens and underscores a username may use as spacing. */
const squashed = (name: string) => name.toLowerCase().replace(/[._\-\s]/g, '');

/** Words that read as the server, the staff or the company. */
const RESERVED = new Set([
  'system',
  'admin',
  'administrator',
  'owner',
  'root',
  'support',
  'staff',
  'helpdesk',
  'security',
  'moderator',
  'official',
  'superuser',
  'noreply',
]);

// Words that joined to a reserved word still read as it ('supportteam', 'theadmin', 'itsupport'); only these, as a
// reserved word inside an ordinary word ('badminton', 'stafford', 'systems') is a different word.
const AFFIXES = new Set(['the', 'real', 'team', 'desk', 'help', 'head', 'chief', 'main', 'sys', 'super', 'user', 'account', 'bot', 'it', 'tech', 'customer', 'service']);

/** The brand's names, refused anywhere inside a username ('kerbside', 'Kerbside.Cover.Help'). */
const BRAND = [brand.shortName, brand.name].map(squashed);

const isAffix = (part: string) => part === '' || AFFIXES.has(part) || RESERVED.has(part);

/** Whether `word` (letters only) is a reserved word, alone or joined to affixes or to another reserved word. */
function readsAsReserved(word: string): boolean {
  for (const reserved of RESERVED) {
    for (let at = word.indexOf(reserved); at !== -1; at = word.indexOf(reserved, at + 1)) {
      if (isAffix(word.slice(0, at)) && isAffix(word.slice(at + reserved.length))) return true;
    }
  }
  return false;
}

/**
 * Whether `username` is reserved, whatever its case and spacing: a word of it (split on separators and digits) or its
 * letters together read as a reserved word ('the_admin', 'Sup.port', 'no-reply'), or it contains the brand.
 */
export function isReservedUsername(username: string): boolean {
  const lower = username.toLowerCase();
  const words = lower.split(/[^a-z]+/).filter((w) => w !== '');
  const letters = lower.replace(/[^a-z]/g, '');
  return [...words, letters].some(readsAsReserved) || BRAND.some((b) => squashed(username).includes(b));
}
