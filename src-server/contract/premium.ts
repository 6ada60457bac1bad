// A premium and the Insurance Premium Tax inside it (docs/product.md#policy-documents). UK IPT at the standard rate
// is charged on motor insurance, and every price this product quotes or records includes it: the schedule shows the
// part before tax, the tax and the total.

/** The standard rate of UK Insurance Premium Tax: the one place it is written. */
export const IPT_RATE = 0.12;
/** '12%': the rate as the documents name it. */
export const IPT_RATE_TEXT = `${Math.round(IPT_RATE * 100)}%`;

export interface PremiumParts {
  /** The premium before tax, in pence. */
  netPence: number;
  /** The tax, in pence: what the total holds beyond the net premium, so the parts always add up to it. */
  iptPence: number;
  totalPence: number;
}

/** A total that includes IPT, split into its parts (whole pence; the tax rounded to the nearest penny). */
export function premiumParts(totalPence: number): PremiumParts {
  const iptPence = Math.round((totalPence * IPT_RATE) / (1 + IPT_RATE));
  return { netPence: totalPence - iptPence, iptPence, totalPence };
}
