// Signing in and out, registering, the current session (docs/api.md#account).
import { messages } from '../../../contract/messages';
import { registeredReply, sessionReply, successReply } from '../../../contract/replies';
import { loginInput, registerInput } from '../../../contract/schemas';
import { loginAnswerView } from '../../../contract/second-factor';
import { userView } from '../../../contract/views';
import { defineOperation, succeeded } from '../../../api/operation';
import { registerErrorAnswer, registerInputErrorAnswer } from '../../../platform/http/errors';
import { currentSession, login, logout, register } from './service';

/** account.*: tRPC's names; the e-mail confirmation's operations join them as account.verifyEmail (api/table.ts). */
export const accountOperations = {
  login: defineOperation({
    tier: 'public',
    input: loginInput,
    output: loginAnswerView,
    handler: ({ deps, clientAddress, userAgent }, input) => login(deps, input, clientAddress, userAgent),
    rest: {
      method: 'post',
      path: '/login',
      operationId: 'login',
      tags: ['Account'],
      summary: 'Sign in',
      description:
        'By username or e-mail address (any letter case). 12 hours, or 30 days with `remember`. A staff account with a second factor is answered a challenge instead, for POST /api/login/second-factor.',
      response: 'Signed in: the session token, when it lapses, and the account; or, for a second factor, the challenge',
      errors: [401, 429, 503],
    },
  }),
  register: defineOperation({
    tier: 'public',
    input: registerInput,
    output: userView,
    handler: ({ deps, clientAddress }, input) => register(deps, input, clientAddress),
    rest: {
      method: 'post',
      path: '/register',
      operationId: 'register',
      tags: ['Account'],
      summary: 'Register',
      description: 'Always a plain user; an `isAdmin` field is accepted and ignored. Error answers repeat `error` as `message`.',
      status: 201,
      response: 'Registered',
      // The SPEC's answer: the account with a message.
      answer: { schema: registeredReply, body: (user) => ({ message: messages.registrationSuccess, user }) },
      withMessage: true,
      errors: [409, 429, 503],
      errorBodies: { 400: registerInputErrorAnswer, 409: registerInputErrorAnswer, 429: registerErrorAnswer, 503: registerErrorAnswer },
    },
  }),
  logout: defineOperation({
    tier: 'customer',
    reply: successReply,
    handler: ({ deps, caller }) => succeeded(logout(deps, caller)),
    rest: {
      method: 'post',
      path: '/logout',
      operationId: 'logout',
      tags: ['Account'],
      summary: 'Sign out',
      description: 'The token presented stops working.',
      response: 'Signed out',
    },
  }),
  me: defineOperation({
    tier: 'customer',
    reply: sessionReply,
    handler: ({ deps, caller }) => currentSession(deps, caller),
    rest: {
      method: 'get',
      path: '/me',
      operationId: 'getMe',
      tags: ['Account'],
      summary: 'The current session',
      response: 'The account and when the session lapses',
    },
  }),
};
