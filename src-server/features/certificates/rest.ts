import { Hono } from 'hono';
import { messages } from '../../contract/messages';
import { policyNumberParam } from '../../contract/schemas';
import { InvalidError } from '../../errors';
import type { AppEnv } from '../../http/context';
import type { RestContext } from '../../http/rest-context';
import { certificateFor } from './service';

/** GET /api/policies/{policyNumber}/certificate: inline, or as an attachment with ?download=1. */
export function certificateRoutes({ deps, requireCaller }: RestContext) {
  return new Hono<AppEnv>().get('/:policyNumber/certificate', requireCaller, async (c) => {
    // docs/product.md#errors-and-messages: a malformed number answers exactly 'Invalid policy number'.
    const policyNumber = policyNumberParam.safeParse(c.req.param('policyNumber'));
    if (!policyNumber.success) throw new InvalidError(messages.invalidPolicyNumber);
    const file = await certificateFor(deps, c.get('caller'), policyNumber.data);
    const disposition = c.req.query('download') === '1' ? 'attachment' : 'inline';
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `${disposition}; filename="${file.fileName}"`,
      'Content-Length': String(file.bytes.byteLength),
    });
  });
}
