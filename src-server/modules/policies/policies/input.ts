// A stored policy as the save takes it (contract/schemas.ts PolicyInput): what a change made by the server (a payment
// putting cover in force, an extension) starts from, so only the fields it means to change move.
import type { PolicyInput } from '../../../contract/schemas';
import type { PolicyRow } from './row';

export function policyInputOf(p: PolicyRow, status: PolicyInput['status']): PolicyInput {
  return {
    userId: p.userId,
    holderName: p.holderName,
    carModel: p.carModel,
    driverName: p.driverName,
    licenseNumber: p.licenseNumber,
    registration: p.registration,
    startDate: p.startDate,
    startTime: p.startTime,
    endDate: p.endDate,
    endTime: p.endTime,
    status,
    product: p.product,
    premium: p.premiumPence === null ? null : p.premiumPence / 100,
  };
}
