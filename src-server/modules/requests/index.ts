// The requests module's door (docs/operations.md#repository-layout): quote and callback requests, claims and the staff
// queues they share. The only file other modules and the composition import; below it policies and accounts.
import { onAddressConfirmed } from '../accounts';
import { claimRequestsOf } from './quotes/service';

export { adminCallbackOperations, callbackOperations } from './callbacks/operations';
export { callbackQueue } from './callbacks/service';
export { adminClaimOperations, claimOperations } from './claims/operations';
export { claimQueue, countOpenClaims } from './claims/queue';
export { staffOperation } from './queues/operations';
export { countQueue } from './queues/queue';
export { adminQuoteOperations, quoteOperations } from './quotes/operations';
export { countQuoted, offerOf, quoteQueue } from './quotes/service';

// A confirmed address is the requests' to answer: those sent from it join the account (docs/product.md#e-mail-confirmation).
onAddressConfirmed(claimRequestsOf);
