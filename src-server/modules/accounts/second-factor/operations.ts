// The staff second factor's operations (docs/api.md#second-factor): the sign-in's second step, setting one up and
// removing it (any signed-in account may ask; only staff have one), and the owner's rule.
import { successReply } from '../../../contract/replies';
import {
  recoveryCodesView,
  secondFactorConfirmInput,
  secondFactorLoginInput,
  secondFactorRemoveInput,
  secondFactorRuleInput,
  secondFactorRuleView,
  secondFactorSetupView,
  secondFactorStatusView,
} from '../../../contract/second-factor';
import { loginResultView } from '../../../contract/views';
import { defineOperation, succeeded } from '../../../api/operation';
import { confirmSetup, factorStatus, loginSecondFactor, removeFactor, setFactorRule, startSetup } from './service';

/** account.secondFactor.*: under the customer tier, so the owner's rule (which refuses the admin tiers) never blocks them. */
export const secondFactorOperations = {
  login: defineOperation({
    tier: 'public',
    input: secondFactorLoginInput,
    output: loginResultView,
    handler: ({ deps, clientAddress, userAgent }, input) => loginSecondFactor(deps, input, clientAddress, userAgent),
    rest: {
      method: 'post',
      path: '/login/second-factor',
      operationId: 'loginSecondFactor',
      tags: ['Account'],
      summary: 'Sign in: the code after the password',
      description:
        'The `challenge` POST /api/login answered and a 6-digit code from the authenticator, or a recovery code (each works once). Wrong codes count against the sign-in limits.',
      response: 'Signed in: the session token, when it lapses, and the account',
      errors: [401, 429],
    },
  }),
  status: defineOperation({
    tier: 'customer',
    output: secondFactorStatusView,
    handler: ({ deps, caller }) => factorStatus(deps, caller),
    rest: {
      method: 'get',
      path: '/account/second-factor',
      operationId: 'getSecondFactor',
      tags: ['Account'],
      summary: 'The second factor: set up or not, and the owner’s rule',
      response: 'Whether the account has one, whether staff must, and the recovery codes left',
    },
  }),
  setup: defineOperation({
    tier: 'customer',
    output: secondFactorSetupView,
    handler: ({ deps, caller }) => startSetup(deps, caller),
    rest: {
      method: 'post',
      path: '/account/second-factor/setup',
      operationId: 'startSecondFactorSetup',
      tags: ['Account'],
      summary: 'Start setting up a second factor (staff)',
      description: 'A new key, answered once as text, as an `otpauth://` URI and as a QR code; it counts only once a code from it is confirmed.',
      response: 'The key to add to an authenticator app',
      errors: [403, 409],
    },
  }),
  confirm: defineOperation({
    tier: 'customer',
    input: secondFactorConfirmInput,
    output: recoveryCodesView,
    handler: ({ deps, caller, clientAddress }, input) => confirmSetup(deps, caller, input, clientAddress),
    rest: {
      method: 'post',
      path: '/account/second-factor/confirm',
      operationId: 'confirmSecondFactor',
      tags: ['Account'],
      summary: 'Finish setting up a second factor with its first code',
      description: 'Answers ten recovery codes, shown this once: only their hashes are kept.',
      response: 'Set up: the recovery codes',
      errors: [403, 409, 429],
    },
  }),
  remove: defineOperation({
    tier: 'customer',
    input: secondFactorRemoveInput,
    reply: successReply,
    handler: ({ deps, caller, clientAddress }, input) => succeeded(removeFactor(deps, caller, input, clientAddress)),
    rest: {
      method: 'post',
      path: '/account/second-factor/remove',
      operationId: 'removeSecondFactor',
      tags: ['Account'],
      summary: 'Remove the second factor',
      description: 'With a current code or a recovery code. Under the owner’s rule the console then asks for a new one.',
      response: 'Removed',
      errors: [409, 429],
    },
  }),
};

/** admin.secondFactorRule: the owner's switch. */
export const secondFactorRuleOperation = defineOperation({
  tier: 'owner',
  input: secondFactorRuleInput,
  output: secondFactorRuleView,
  handler: ({ deps, caller }, input) => setFactorRule(deps, caller, input),
  rest: {
    method: 'put',
    path: '/admin/second-factor-rule',
    operationId: 'setSecondFactorRule',
    tags: ['Admin: users'],
    summary: 'Require a second factor of all staff, or stop requiring it',
    description: 'The owner must have one first. While required, a staff account without one is refused the admin routes (403, `details.code` `second_factor_required`).',
    response: 'The rule as it now is',
    errors: [409],
  },
});
