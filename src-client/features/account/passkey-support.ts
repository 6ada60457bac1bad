// Whether this browser can use passkeys: false while a prerendered page hydrates (the server cannot know), the
// browser's answer after, so the first render matches the prerendered HTML.
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useSyncExternalStore } from 'react';

const never = () => () => {};

export function usePasskeySupport(): boolean {
  return useSyncExternalStore(never, browserSupportsWebAuthn, () => false);
}
