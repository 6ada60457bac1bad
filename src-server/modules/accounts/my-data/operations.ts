// The caller's own data and closing their own account (docs/api.md#account).
import { accountClosedReply, closeAccountInput, myDataView, MY_DATA_LIMITS } from '../../../contract/my-data';
import { defineOperation } from '../../../api/operation';
import { closeOwnAccount, myData, myDataFileName } from './service';

/** account.data and account.close: they join the account's operations in api/table.ts. */
export const myDataOperations = {
  data: defineOperation({
    tier: 'customer',
    output: myDataView,
    handler: ({ deps, caller }) => myData(deps, caller),
    rest: {
      method: 'get',
      path: '/account/data',
      operationId: 'getMyData',
      tags: ['Account'],
      summary: 'Download my data',
      description: `Everything held about the caller (the UK GDPR right of access): the account, quote and callback requests, policies with their payments, claims, staff notes on their requests and claims, the e-mails sent to them (subject, status, when; never a body) and the audit entries about the account. Each list is its newest ${MY_DATA_LIMITS.perList} (audit entries ${MY_DATA_LIMITS.auditEntries}); \`fullLists\` names those that hold their limit. Sent as a file to save (Content-Disposition: attachment). Each download is written to the audit log (docs/product.md#my-data).`,
      response: 'The caller’s data',
      attachment: myDataFileName,
    },
  }),
  close: defineOperation({
    tier: 'customer',
    input: closeAccountInput,
    reply: accountClosedReply,
    handler: ({ deps, caller, clientAddress }, input) => closeOwnAccount(deps, caller, input, clientAddress),
    rest: {
      method: 'post',
      path: '/account/close',
      operationId: 'closeMyAccount',
      tags: ['Account'],
      summary: 'Close my account',
      description:
        'The current password confirmed (a wrong one: 400 on `password`; five wrong in 15 minutes: 429). Refused (409, naming the policies and until when) while any cover is live or to come; staff accounts are closed by an owner (403). Else personal data the insurer’s record does not need is erased and the account closed, or deleted when it holds no policy (`deleted: true`); every session ends (docs/product.md#closing-your-account).',
      response: 'Closed, or deleted',
      errors: [403, 409, 429, 503],
    },
  }),
};
