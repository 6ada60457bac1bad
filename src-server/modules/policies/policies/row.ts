import type { policies } from '../../../platform/db/schema/index';

/** A policy as stored: what the service, its history, its mails and its documents read. */
export type PolicyRow = typeof policies.$inferSelect;

/**
 * Who changes a policy, as its history and the audit log name them: a signed-in caller (a Caller is one), or the
 * server itself, `system` with no account (the minute sweep, the card provider's webhook).
 */
export interface Actor {
  username: string;
  id: number | null;
}

export const SYSTEM_ACTOR: Actor = { username: 'system', id: null };
