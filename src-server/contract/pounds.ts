// Amounts as people read them; apart from contract/money.ts so screens that only show amounts do not load zod.

/** '£1,234.50' / '£19.00': an amount as a person reads it. */
export function formatPounds(amount: number): string {
  return `£${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
