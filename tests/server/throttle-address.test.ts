// Per-address limits count an IPv6 client by its /64 network, and an IPv4 address written as IPv6 as the IPv4
// address (src-server/platform/auth/throttle-address.ts, docs/product.md#login): one subscriber's /64 holds 2^64 addresses,
// and counting them one by one let a client spread its guesses over as many counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressThrottleKey, throttleAddress } from '../../src-server/platform/auth/throttle-address';
import { createHarness, type Harness } from './harness';

describe('throttleAddress', () => {
  it('keeps IPv4 whole and counts IPv6 by its /64, however it is written', () => {
    expect(throttleAddress('192.0.2.1')).toBe('192.0.2.1');
    expect(throttleAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(throttleAddress('::FFFF:192.0.2.1')).toBe('192.0.2.1');
    for (const same of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:a:b:c:d', '2001:db8:1:2::1%eth0']) {
      expect(throttleAddress(same), same).toBe('2001:db8:1:2::/64');
    }
    expect(throttleAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(throttleAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(throttleAddress('1:2:3:4:5:6:192.0.2.1')).toBe('1:2:3:4::/64');
  });

  it('leaves what is not an address as it came (a proxy’s odd header, or no socket address)', () => {
    for (const odd of ['unknown', 'not-an-address', '2001:db8::g', '']) expect(throttleAddress(odd), odd).toBe(odd);
    expect(addressThrottleKey('quote', '2001:db8:1:2::99')).toBe('quote:ip:2001:db8:1:2::/64');
  });
});

describe('the sign-in limit per address', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());
  const login = (username: string, address: string) =>
    h.request('POST', '/api/login', { body: { username, password: 'not-the-password' }, headers: { 'x-forwarded-for': address } });

  it('20 failures from 20 addresses of one /64 are one client’s: the 21st is refused, another /64 is not', async () => {
    for (let i = 1; i <= 20; i++) expect((await login(`nobody-${i}`, `2001:db8:77:1::${i.toString(16)}`)).status).toBe(401);
    const next = await login('nobody-21', '2001:db8:77:1:abcd:ef01:2345:6789');
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await login('nobody-22', '2001:db8:77:2::1')).status).toBe(401);
  });
});
