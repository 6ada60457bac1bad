// What the per-address limits count (docs/product.md#login): IPv4 whole, IPv6 by its /64, since one subscriber may
// pick any address in their /64. An IPv4-mapped IPv6 address is the IPv4 address.
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address without a zone id (`::` filled, a dotted IPv4 tail as two groups). */
function groupsOf(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** The address as the limits count it: IPv4 as it is, IPv6 as its /64 ('2001:db8:1:2::/64'), anything else as sent. */
export function throttleAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const withoutZone = address.split('%')[0]!;
  if (!isIPv6(withoutZone)) return address;
  return `${groupsOf(withoutZone)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The key of a per-address limit: `{kind}:ip:{address as counted}` ('quote:ip:192.0.2.1', 'login:ip:2001:db8::/64'). */
export const addressThrottleKey = (kind: string, clientAddress: string) => `${kind}:ip:${throttleAddress(clientAddress)}`;
