// What a person is told when a passkey ceremony fails: in the browser (cancelled, timed out, a passkey already on
// this device) or at the server (its own message).
import { WebAuthnError } from '@simplewebauthn/browser';
import { failureOf } from '../../lib/call-errors';

const CANCELLED = new Set(['ERROR_CEREMONY_ABORTED', 'NotAllowedError', 'AbortError']);
const ALREADY_HERE = new Set(['ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'InvalidStateError']);

/** `lead` with the reason. */
export function ceremonyFailure(err: unknown, lead: string): string {
  const names = err instanceof Error ? [err.name, err instanceof WebAuthnError ? err.code : '', err.cause instanceof Error ? err.cause.name : ''] : [];
  if (names.some((n) => CANCELLED.has(n))) return `${lead}: it was cancelled or took too long. Please try again.`;
  if (names.some((n) => ALREADY_HERE.has(n))) return `${lead}: this device has a passkey for your account already.`;
  if (err instanceof WebAuthnError || (err instanceof DOMException && err.name !== 'NetworkError')) return `${lead}: ${err.message}`;
  return `${lead}: ${failureOf(err).message}`;
}
