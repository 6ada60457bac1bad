import type { Context } from 'hono';

/**
 * The address a request came from, for throttling. X-Forwarded-For is believed only behind a proxy we
 * were told about (TRUST_PROXY); otherwise anyone could pick a fresh address per guess.
 */
export function clientAddressOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const first = forwarded?.split(',')[0]?.trim();
    if (first) return first.slice(0, 64);
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
