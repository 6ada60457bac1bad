// Amounts as people read them. Apart from contract/money.ts (the schema for amounts as typed), so screens that only
// show amounts (the customer's dashboard) do not load zod for it.

/** '£1,234.50' / '£19.00': an amount as a person reads it. */
export function formatPounds(amount: number): string {
  return `£${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
