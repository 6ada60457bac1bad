import type { policies } from '../../../platform/db/schema/index';

/** A policy as stored: what the service, its history, its mails and its documents read. */
export type PolicyRow = typeof policies.$inferSelect;
