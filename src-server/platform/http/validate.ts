import type { Context } from 'hono';
import type { z } from 'zod';
import { messages } from '../../contract/messages';
import { brokenTextError } from '../../contract/text';
import { InvalidError } from '../../errors';

/** `raw` parsed with `schema`, after every string in it is found well-formed (brokenTextError), free fields included. */
export function parsedInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const broken = brokenTextError(raw);
  if (broken) throw broken;
  return schema.parse(raw);
}

/** The JSON body parsed with `schema`: malformed JSON and schema failures are both 400s. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const raw: unknown = await c.req.json().catch(() => {
    throw new InvalidError(messages.malformedJson);
  });
  return parsedInput(schema, raw);
}
