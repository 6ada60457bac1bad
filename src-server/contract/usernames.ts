// Usernames nobody may take (docs/product.md#registration): names the audit log and the console show beside
// the server's own entries ('system') or the staff's, and the brand's. An account called 'system' or
// 'Kerbside_Cover' would make its entries read as if the server or the company wrote them.
import { brand } from './brand';

/** A name as compared: lower case, without the dots, hyphens and underscores a username may use as spacing. */
const squashed = (name: string) => name.toLowerCase().replace(/[._\-\s]/g, '');

const RESERVED = new Set(['system', 'admin', 'administrator', 'owner', 'root', 'support'].map(squashed));
/** The brand's names, refused anywhere inside a username ('kerbside', 'Kerbside.Cover.Help'). */
const BRAND = [brand.shortName, brand.name].map(squashed);

/** Whether `username` is a reserved name, whatever its letter case and spacing. */
export function isReservedUsername(username: string): boolean {
  const name = squashed(username);
  return RESERVED.has(name) || BRAND.some((b) => name.includes(b));
}
