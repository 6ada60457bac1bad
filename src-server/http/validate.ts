import type { Context } from 'hono';
import type { z } from 'zod';
import { messages } from '../contract/messages';
import { InvalidError } from '../errors';

/** The JSON body parsed with `schema`: malformed JSON and schema failures are both 400s. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new InvalidError(messages.malformedJson);
  }
  return schema.parse(raw);
}

export function queryOf<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return schema.parse(c.req.query());
}

export function paramOf<S extends z.ZodType>(c: Context, name: string, schema: S): z.output<S> {
  return schema.parse(c.req.param(name));
}
