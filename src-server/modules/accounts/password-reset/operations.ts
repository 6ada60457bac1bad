// Asking for a reset link and spending it (docs/product.md#password-reset); an invitation's link sets a first password.
import { passwordResetConfirmInput, passwordResetRequestInput } from '../../../contract/password-reset';
import { messageReply, passwordSetReply } from '../../../contract/replies';
import { defineOperation } from '../../../api/operation';
import { confirmPasswordReset, requestPasswordReset } from './service';

export const passwordResetOperations = {
  request: defineOperation({
    tier: 'public',
    input: passwordResetRequestInput,
    reply: messageReply,
    handler: ({ deps, clientAddress }, input) => requestPasswordReset(deps, input, clientAddress),
    rest: {
      method: 'post',
      path: '/password-reset/request',
      operationId: 'requestPasswordReset',
      tags: ['Password reset'],
      summary: 'Ask for a reset link',
      description: 'The same answer whatever happened (an unknown address, or over the limits, sends nothing).',
      response: 'Asked',
    },
  }),
  confirm: defineOperation({
    tier: 'public',
    input: passwordResetConfirmInput,
    reply: passwordSetReply,
    handler: ({ deps, clientAddress, userAgent }, input) => confirmPasswordReset(deps, input, { address: clientAddress, userAgent }),
    rest: {
      method: 'post',
      path: '/password-reset/confirm',
      operationId: 'confirmPasswordReset',
      tags: ['Password reset'],
      summary: 'Set the password with a link',
      description:
        "A reset link answers the message; an invitation's link also signs the person in (`session`). Bad links count against the client address (20 in 15 minutes, with the other e-mailed links); past that, every link is refused (429) until the window ends.",
      response: 'The password is set',
      errors: [429, 503],
    },
  }),
};
