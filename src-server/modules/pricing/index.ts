// The pricing module's door (docs/operations.md#repository-layout): the insurer's rates as versions an owner manages,
// and a request priced on them. It imports no other module; requests and policies price through it.
export { exampleRateVersion } from './rates/example';
export { rateOperations } from './rates/operations';
export { ensureExampleRates, liveRates, ratesById, type LiveRates } from './rates/service';
export { priceOn, type Decision } from './engine/price';
export { hoursBetween, outcomeOf, referredOutcome } from './engine/outcome';
export type { PricedAnswers } from './engine/facts';
