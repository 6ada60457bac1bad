// The one rule for a forgiving search (docs/product.md#statistics-and-search): a term typed into a staff search box
// is also looked for in the form phones and registrations are stored in, so spaces, letter case and a leading +44
// or 0 never decide whether a record is found. Phones are stored in the national form, digits only ('07700900456',
// callback.ts normaliseUkPhone); registrations in capitals with single spaces ('WK68 TNX', quote.ts
// normaliseRegistration and the policy form), so each side is normalised once and only the typed term varies here.

/** The stored forms a typed term also stands for; null where the term cannot be one. */
export interface SearchForms {
  /** The term as a stored phone number (or a piece of one): digits only, +44 or 0044 read as the trunk 0. */
  phone: string | null;
  /** The term as a registration with its spaces taken out, in capitals: matched against a stored one's characters. */
  registration: string | null;
}

/** Punctuation people put inside phone numbers: spaces, brackets, hyphens, dots. */
const PHONE_PUNCTUATION = /[\s().-]/g;

/**
 * The term as (part of) a stored phone number: '07700 900456' and '+44 7700 900456' -> '07700900456'; '7700 900'
 * -> '7700900' (a piece still matches anywhere). Null when it is not made of digits and phone punctuation, has fewer
 * than 3 digits, or is already how it is stored (the term itself finds it).
 */
export function phoneSearchForm(term: string): string | null {
  const typed = term.trim();
  if (!/^\+?[\d\s().-]+$/.test(typed)) return null;
  let digits = typed.replace(PHONE_PUNCTUATION, '');
  const international = /^(\+|00)44/.exec(digits);
  if (international) {
    digits = digits.slice(international[0].length);
    // '+44 (0)7700…' writes the trunk 0 as well; '+44 7700…' leaves it out.
    if (!digits.startsWith('0')) digits = `0${digits}`;
  } else if (digits.startsWith('+')) {
    // Another country's number is never stored (UK numbers only): the term itself is all there is to find.
    return null;
  }
  if (!/^\d{3,}$/.test(digits) || digits === typed) return null;
  return digits;
}

/**
 * The term as (part of) a registration, spaces taken out: 'wk68tnx' and 'WK6 8TNX' -> 'WK68TNX'. A registration
 * holds a letter and a digit and at most 7 characters; a term that holds no letter or no digit, is shorter than 3
 * characters or longer than 7 is left to the term itself (so a name or a word costs the search nothing more).
 */
export function registrationSearchForm(term: string): string | null {
  const compact = term.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z0-9]{3,7}$/.test(compact) || !/[A-Z]/.test(compact) || !/\d/.test(compact)) return null;
  return compact;
}

export function searchForms(term: string): SearchForms {
  return { phone: phoneSearchForm(term), registration: registrationSearchForm(term) };
}

/**
 * Every way a registration form can be stored, for an index that cannot take the spaces out of what it holds (a
 * trigram index): as it is, and with one space after each of its characters but the last ('WK68TNX' -> 'WK68TNX',
 * 'W K68TNX', 'WK 68TNX', … 'WK68TN X'). A plate's registration is stored with one space; one stored with two
 * ('A 1 BC', rare) is still found by the term as typed with its spaces.
 */
export function registrationSpellings(compact: string): string[] {
  const spellings = [compact];
  for (let i = 1; i < compact.length; i++) spellings.push(`${compact.slice(0, i)} ${compact.slice(i)}`);
  return spellings;
}
