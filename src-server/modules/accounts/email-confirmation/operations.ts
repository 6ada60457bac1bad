// E-mail confirmation (docs/product.md#e-mail-confirmation): account.verifyEmail.* and /api/account/verify-email/*.
import { emailCodeInput, emailConfirmInput } from '../../../contract/email-confirmation';
import { confirmationSentReply, emailConfirmedReply } from '../../../contract/replies';
import { defineOperation } from '../../../api/operation';
import { confirmEmail, confirmEmailByCode, requestConfirmation } from './service';

export const emailConfirmationOperations = {
  request: defineOperation({
    tier: 'customer',
    reply: confirmationSentReply,
    handler: ({ deps, caller }) => requestConfirmation(deps, caller),
    rest: {
      method: 'post',
      path: '/account/verify-email/request',
      operationId: 'requestEmailConfirmation',
      tags: ['Account'],
      summary: 'Send a link to confirm the e-mail address',
      description: "A new single-use link (7 days) to the account's address; earlier ones stop working. Nothing is sent once the address is confirmed.",
      response: 'Sent, or confirmed already',
      errors: [429],
    },
  }),
  confirm: defineOperation({
    tier: 'customer',
    input: emailConfirmInput,
    reply: emailConfirmedReply,
    handler: ({ deps, caller, clientAddress }, input) => confirmEmail(deps, caller, input, clientAddress),
    rest: {
      method: 'post',
      path: '/account/verify-email/confirm',
      operationId: 'confirmEmail',
      tags: ['Account'],
      summary: 'Confirm the e-mail address with a link',
      description:
        'Only for the account signed in: a link sent for another account answers 403 and confirms nothing. Bad links count against the client address (20 in 15 minutes, with the other e-mailed links); past that, every link is refused (429) until the window ends.',
      response: 'Confirmed: the account as it now is',
      errors: [403, 429],
    },
  }),
  code: defineOperation({
    tier: 'customer',
    input: emailCodeInput,
    reply: emailConfirmedReply,
    handler: ({ deps, caller, clientAddress }, input) => confirmEmailByCode(deps, caller, input, clientAddress),
    rest: {
      method: 'post',
      path: '/account/verify-email/code',
      operationId: 'confirmEmailWithCode',
      tags: ['Account'],
      summary: 'Confirm the e-mail address with the six-digit code',
      description:
        "The code from the confirmation e-mail, for the account signed in: it confirms the address as the link does. It lasts 30 minutes and takes 5 wrong tries; a new e-mail's code replaces it. Wrong codes count against the client address with the e-mailed links (20 in 15 minutes); past that, every code is refused (429) until the window ends.",
      response: 'Confirmed: the account as it now is',
      errors: [429],
    },
  }),
};
