// The reporting module's door (docs/operations.md#repository-layout): what staff read across the others (stats, the
// report, the audit log, one view of a customer). Nothing imports it but the composition; it may import every module.
import { provideAccountRecords } from '../accounts';
import { customerRecords } from './customers/service';

export { customerOverviewOperation } from './customers/operations';
export { adminLogOperations } from './logs/operations';
export { reportOperation } from './reports/operations';
export { statsOperations } from './stats/operations';

// A customer's own copy of their data reads the records staff's one view reads (docs/product.md#my-data).
provideAccountRecords(customerRecords);
