// Passkeys' operations (docs/api.md#passkeys): the account's own list, adding and removing one, and signing in with one.
import { successReply } from '../../../contract/replies';
import { addPasskeyInput, passkeyListView, passkeyLoginInput, passkeyOptionsInput, passkeyOptionsView, passkeyView, removePasskeyInput } from '../../../contract/passkeys';
import { loginResultView } from '../../../contract/views';
import { defineOperation, succeeded } from '../../../api/operation';
import { addPasskey, listPasskeys, registrationOptions, removePasskey, signInOptions, signInWithPasskey } from './service';

/** account.passkeys.*: any signed-in account, on its own passkeys only. */
export const passkeyOperations = {
  list: defineOperation({
    tier: 'customer',
    output: passkeyListView,
    handler: ({ deps, caller }) => listPasskeys(deps, caller),
    rest: {
      method: 'get',
      path: '/account/passkeys',
      operationId: 'listPasskeys',
      tags: ['Account'],
      summary: 'Your passkeys',
      response: 'Each passkey: its name, when it was added and last used',
    },
  }),
  options: defineOperation({
    tier: 'customer',
    input: passkeyOptionsInput,
    output: passkeyOptionsView,
    handler: ({ deps, caller, clientAddress }, input) => registrationOptions(deps, caller, input, clientAddress),
    rest: {
      method: 'post',
      path: '/account/passkeys/options',
      operationId: 'startAddingPasskey',
      tags: ['Account'],
      summary: 'Start adding a passkey',
      description:
        'With the current password, and for a staff account with a second factor a `code` (or a recovery code). WebAuthn registration options for `navigator.credentials.create()` (or @simplewebauthn/browser `startRegistration({ optionsJSON })`). Their challenge answers one POST /api/account/passkeys within five minutes. An account that has not confirmed its e-mail address answers 403. Wrong passwords and codes are limited as sign-ins are.',
      response: 'The registration options',
      errors: [403, 429, 503],
    },
  }),
  add: defineOperation({
    tier: 'customer',
    input: addPasskeyInput,
    output: passkeyView,
    handler: ({ deps, caller, clientAddress }, input) => addPasskey(deps, caller, input, clientAddress),
    rest: {
      method: 'post',
      path: '/account/passkeys',
      operationId: 'addPasskey',
      tags: ['Account'],
      summary: 'Add a passkey',
      description:
        'A name and the authenticator’s answer to the options. A wrong, expired or reused challenge, another site’s answer or one without user verification is refused (400) and counted against the address, as sign-ins are.',
      status: 201,
      response: 'Added',
      errors: [403, 409, 429],
    },
  }),
  remove: defineOperation({
    tier: 'customer',
    input: removePasskeyInput,
    reply: successReply,
    handler: ({ deps, caller }, input) => succeeded(removePasskey(deps, caller, input)),
    rest: {
      method: 'post',
      path: '/account/passkeys/remove',
      operationId: 'removePasskey',
      tags: ['Account'],
      summary: 'Remove a passkey',
      description: 'One of your own; another account’s is not found (404).',
      response: 'Removed',
      errors: [404],
    },
  }),
};

/** account.passkeyLogin.*: signing in with a passkey instead of a password. */
export const passkeyLoginOperations = {
  options: defineOperation({
    tier: 'public',
    output: passkeyOptionsView,
    handler: ({ deps, clientAddress }) => signInOptions(deps, clientAddress),
    rest: {
      method: 'post',
      path: '/login/passkey/options',
      operationId: 'startPasskeyLogin',
      tags: ['Account'],
      summary: 'Sign in with a passkey: the options',
      description:
        'WebAuthn authentication options for `navigator.credentials.get()` (or `startAuthentication({ optionsJSON })`); the browser offers the passkeys it holds for this site. The challenge answers one POST /api/login/passkey within five minutes. More than 20 in 15 minutes from one address are refused (429).',
      response: 'The authentication options',
      errors: [429],
    },
  }),
  login: defineOperation({
    tier: 'public',
    input: passkeyLoginInput,
    output: loginResultView,
    handler: ({ deps, clientAddress, userAgent }, input) => signInWithPasskey(deps, input, clientAddress, userAgent),
    rest: {
      method: 'post',
      path: '/login/passkey',
      operationId: 'loginWithPasskey',
      tags: ['Account'],
      summary: 'Sign in with a passkey',
      description:
        'The authenticator’s answer to the options. A session as POST /api/login gives; a staff account is not asked for its second factor (the passkey is one). Refusals count against the address, as wrong passwords do.',
      response: 'Signed in: the session token, when it lapses, and the account',
      errors: [401, 429],
    },
  }),
};
