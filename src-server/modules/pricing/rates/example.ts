// The example rate version the first start seeds (docs/product.md#rates): data kept as JSON beside this file, read in
// as a module so a bundled server carries it too. Parsed with contract/rates.ts rateVersionInput before use.
import example from './example-rates.json' with { type: 'json' };

export const exampleRateVersion: { name: string; rates: Record<string, unknown> } = example;
