// A policy's payments, for staff (docs/product.md#payments): recorded by hand, never a card number.
import { paymentInput, PAYMENT_MAX, staffPaymentMethods } from '../../../contract/payments';
import { idInput, paymentByIdInput } from '../../../contract/schemas';
import { policyPaymentsView, recordedPaymentView } from '../../../contract/views';
import { defineAdminRead } from '../../../api/admin-read';
import { defineOperation } from '../../../api/operation';
import { listPayments, recordPayment } from './service';

const ADMIN_TAG = 'Admin: policies';

export const adminPaymentOperations = {
  payments: defineAdminRead(policyPaymentsView, listPayments, {
    path: '/admin/policies/{id}/payments',
    operationId: 'listPolicyPayments',
    tags: [ADMIN_TAG],
    summary: "A policy's payments",
    description: 'Newest first, each with who recorded it and when; with what they come to against the premium (docs/product.md#payments).',
    response: 'The payments and their totals',
  }),
  recordPayment: defineOperation({
    tier: 'admin',
    input: paymentByIdInput,
    output: recordedPaymentView,
    handler: ({ deps, caller }, { id, ...payment }) => recordPayment(deps, caller, id, payment),
    rest: {
      method: 'post',
      path: '/admin/policies/{id}/payments',
      operationId: 'recordPolicyPayment',
      tags: [ADMIN_TAG],
      summary: 'Record a payment taken for a policy',
      description:
        `\`amount\` in pounds as people write it, above £0 and at most £${PAYMENT_MAX.toLocaleString('en-GB')}; \`method\` one of ${staffPaymentMethods.join(', ')} (\`hosted-card\` is recorded by the card provider's webhook alone); ` +
        'an optional `reference`. No card numbers: the card is taken elsewhere. The payment that covers the premium of a pending policy issued from a ' +
        'quote request makes it active and e-mails the confirmation with the documents, in the same transaction (docs/product.md#payments).',
      request: { params: idInput, body: paymentInput },
      status: 201,
      response: 'The payments, the policy as it now is, and whether this payment made it active',
      errors: [404],
    },
  }),
};
