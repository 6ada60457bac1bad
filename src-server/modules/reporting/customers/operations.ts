// Staff's one view of a customer (docs/product.md#one-view-of-a-customer), served among the accounts (admin.users)
// but read here: it gathers every module's records of the account.
import { CUSTOMER_LIST_LIMIT, customerOverviewView } from '../../../contract/views';
import { defineAdminRead } from '../../../api/admin-read';
import { customerOverview } from './service';

export const customerOverviewOperation = defineAdminRead(customerOverviewView, customerOverview, {
  path: '/admin/users/{id}/overview',
  operationId: 'getCustomerOverview',
  tags: ['Admin: users'],
  summary: 'One view of a customer',
  description: `The account, contact details, quote and callback requests, policies with their payments, notes, and the e-mails sent to them (subject, status, when; never a body): each list its newest ${CUSTOMER_LIST_LIMIT}. Every read is written to the audit log (docs/product.md#one-view-of-a-customer).`,
  response: 'The customer',
});
