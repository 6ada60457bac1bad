// References for requests from the public (quote and callback requests): a prefix and eight random
// Crockford characters, easy to read out over the phone and never sequential.
import { eq } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Tx } from '../../db/client';
import { randomCrockford } from '../../random-code';

export type ReferencePrefix = 'QR' | 'CB';

export const newReference = (prefix: ReferencePrefix) => `${prefix}-${randomCrockford(8)}`;

/** A reference not yet in `column`. 32^8 references make a clash rare; the unique index is the final word. */
export async function unusedReference(tx: Tx, table: SQLiteTable, column: SQLiteColumn, prefix: ReferencePrefix): Promise<string> {
  for (;;) {
    const candidate = newReference(prefix);
    const [taken] = await tx.select({ reference: column }).from(table).where(eq(column, candidate)).limit(1);
    if (!taken) return candidate;
  }
}
