/** Every tag a REST route may carry (api/operation.ts), in the OpenAPI document's and the reference page's order. */
export const TAGS = [
  { name: 'Health', description: 'Whether the server and its database answer.' },
  { name: 'Account', description: 'Signing in and out (with the staff second factor), registering, the current session, and the account page: details, e-mail, password, sessions.' },
  { name: 'Password reset', description: 'Asking for a reset link and spending it (also an invitation to set a first password).' },
  { name: 'Quote and callback requests', description: "The public forms, and a customer's own quote requests." },
  { name: 'Policies', description: "A customer's own policies and certificates." },
  { name: 'Claims', description: "A customer's claim reports, sent from the phone, and where each stands." },
  { name: 'Verification', description: "A certificate's QR code, checked by anyone." },
  { name: 'Admin: statistics', description: "The console's overview." },
  { name: 'Admin: users', description: 'Accounts, and the cover an account holds.' },
  { name: 'Admin: policies', description: 'Every policy, and one account’s (impersonation).' },
  { name: 'Admin: audit log', description: 'What happened, who did it and when.' },
  { name: 'Admin: quote requests', description: 'The quote queue: status, assignee, notes, offers, issuing a policy.' },
  { name: 'Admin: callback requests', description: 'The callback queue: status, assignee, notes.' },
  { name: 'Admin: claims', description: 'The claims queue: status, assignee, notes, photos.' },
  { name: 'Admin: report', description: 'Every policy as a CSV file.' },
  { name: 'Admin: rates', description: 'The insurer\'s rates as versions an owner manages: every price names the version that made it.' },
  { name: 'Documentation', description: 'This document and its reference page.' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];
