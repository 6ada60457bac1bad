// The account page (docs/api.md#the-account-page): details, e-mail, password and sessions; tRPC names them under
// account.* beside signing in and out (api/table.ts).
import { z } from 'zod';
import {
  accountDetailsView,
  changeEmailInput,
  changePasswordInput,
  confirmEmailChangeInput,
  emailChangedReply,
  emailChangeStartedReply,
  passwordChangedReply,
  sessionIdInput,
  sessionsEndedReply,
  sessionView,
  updateDetailsInput,
} from '../../../contract/account';
import { defineOperation } from '../../../api/operation';
import { endSession, listSessions, signOutOthers } from '../sessions/service';
import { changePassword, confirmEmailChange, getDetails, startEmailChange, updateDetails } from './service';

export const myAccountOperations = {
  details: defineOperation({
    tier: 'customer',
    output: accountDetailsView,
    handler: ({ deps, caller }) => getDetails(deps, caller),
    rest: {
      method: 'get',
      path: '/account',
      operationId: 'getAccount',
      tags: ['Account'],
      summary: 'My account',
      description: 'Username, e-mail address (and one waiting for its link), name and phone.',
      response: 'The account as its owner sees it',
    },
  }),
  updateDetails: defineOperation({
    tier: 'customer',
    input: updateDetailsInput,
    output: accountDetailsView,
    handler: ({ deps, caller }, input) => updateDetails(deps, caller, input),
    rest: {
      method: 'put',
      path: '/account',
      operationId: 'updateAccount',
      tags: ['Account'],
      summary: 'Change my name and phone',
      description: 'Both sent (either may be blank or null, which clears it). The phone is a UK number, kept in its national form (digits only).',
      response: 'Saved: the account as it now is',
    },
  }),
  changeEmail: defineOperation({
    tier: 'customer',
    input: changeEmailInput,
    reply: emailChangeStartedReply,
    handler: ({ deps, caller, clientAddress }, input) => startEmailChange(deps, caller, input, clientAddress),
    rest: {
      method: 'post',
      path: '/account/email',
      operationId: 'startEmailChange',
      tags: ['Account'],
      summary: 'Change my e-mail address',
      description:
        'With the current password. A single-use link (24 hours) goes to the NEW address; nothing changes until it is opened. An address another account holds answers 409 without saying whose; an account that has not confirmed its own address answers 403. Wrong passwords are limited as sign-ins are.',
      response: 'The link is sent',
      errors: [403, 409, 429, 503],
    },
  }),
  confirmEmailChange: defineOperation({
    tier: 'customer',
    input: confirmEmailChangeInput,
    reply: emailChangedReply,
    handler: ({ deps, caller, clientAddress }, input) => confirmEmailChange(deps, caller, input, clientAddress),
    rest: {
      method: 'post',
      path: '/account/email/confirm',
      operationId: 'confirmEmailChange',
      tags: ['Account'],
      summary: 'Open the link sent to the new address',
      description:
        'Only for the account that asked, signed in (another answers 403). The new address counts as confirmed; the old one is told by e-mail. Bad links count against the client address (20 in 15 minutes, with the other e-mailed links); past that, every link is refused (429) until the window ends.',
      response: 'Changed: the account as it now is',
      errors: [403, 409, 429],
    },
  }),
  changePassword: defineOperation({
    tier: 'customer',
    input: changePasswordInput,
    reply: passwordChangedReply,
    handler: ({ deps, caller, clientAddress, userAgent }, input) => changePassword(deps, caller, input, { address: clientAddress, userAgent }),
    rest: {
      method: 'post',
      path: '/account/password',
      operationId: 'changePassword',
      tags: ['Account'],
      summary: 'Change my password',
      description:
        "With the current password; the new one by registration's rules. Every other session ends (its requests answer 401); this one continues with the new token answered. The account's passkeys are removed too unless `removePasskeys` is false; the answer names those removed and those that remain. The account is told by e-mail. Wrong passwords are limited as sign-ins are.",
      response: 'Changed: the new token for this device',
      errors: [429, 503],
    },
  }),
  sessions: defineOperation({
    tier: 'customer',
    output: z.array(sessionView),
    handler: ({ deps, caller }) => listSessions(deps, caller),
    rest: {
      method: 'get',
      path: '/account/sessions',
      operationId: 'listSessions',
      tags: ['Account'],
      summary: 'Where I am signed in',
      description: 'Each session still signed in, newest first (at most 50): its device, the address it signed in from, when, and when last seen (moved at most once a minute). `current` marks this one.',
      response: 'The sessions',
    },
  }),
  endSession: defineOperation({
    tier: 'customer',
    input: sessionIdInput,
    reply: sessionsEndedReply,
    handler: ({ deps, caller }, { id }) => endSession(deps, caller, id),
    rest: {
      method: 'delete',
      path: '/account/sessions/{id}',
      operationId: 'endSession',
      tags: ['Account'],
      summary: 'Sign out another device',
      description: "Its token stops working at once. Another account's session answers 404; this one's is POST /api/logout's to end (409).",
      request: { params: sessionIdInput },
      response: 'Signed out',
      errors: [400, 404, 409],
    },
  }),
  signOutOthers: defineOperation({
    tier: 'customer',
    reply: sessionsEndedReply,
    handler: ({ deps, caller }) => signOutOthers(deps, caller),
    rest: {
      method: 'post',
      path: '/account/sessions/sign-out-others',
      operationId: 'signOutOtherSessions',
      tags: ['Account'],
      summary: 'Sign out all other devices',
      description: 'Every session of the account but this one; their tokens stop working at once.',
      response: 'Signed out, and how many',
    },
  }),
};
