// How staff see a UK phone number (docs/product.md#staff-queues): grouped as it is read aloud ('07700 900456',
// '020 7946 0018', '0113 496 0000'), whatever spacing it is stored in (callback.ts normaliseUkPhone keeps digits only).

/** The digit groups of a national number by its area code's length (Ofcom's written forms). */
function groupsOf(digits: string): number[] | null {
  if (digits.length === 11) {
    // London, Cardiff, Southampton, …: 02x xxxx xxxx.
    if (digits.startsWith('02')) return [3, 4, 4];
    // Leeds, Sheffield, … (011x) and Edinburgh, Glasgow, … (01x1), and the non-geographic 03, 08 and 09 numbers.
    if (/^01(1\d|\d1)/.test(digits) || /^0[389]/.test(digits)) return [4, 3, 4];
    // Mobiles (07) and the other areas: 07700 900456, 01632 960000.
    return [5, 6];
  }
  // The shorter numbers: 0800 123456, and a few small areas' 01xxx xxxxx.
  if (digits.length === 10) return digits.startsWith('08') ? [4, 6] : [5, 5];
  return null;
}

/** A UK phone number grouped for reading; anything else (not 0 and 9-10 digits) as it was given. */
export function formatUkPhone(phone: string): string {
  const digits = phone.replace(/[\s().-]/g, '');
  const groups = /^0\d{9,10}$/.test(digits) ? groupsOf(digits) : null;
  if (!groups) return phone;
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}
