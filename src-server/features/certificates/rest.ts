import { Hono } from 'hono';
import { policyNumberParam } from '../../contract/schemas';
import type { AppEnv } from '../../http/context';
import type { RestContext } from '../../http/rest-context';
import { paramOf } from '../../http/validate';
import { certificateFor } from './service';

/** GET /api/policies/{policyNumber}/certificate: inline, or as an attachment with ?download=1. */
export function certificateRoutes({ deps, requireCaller }: RestContext) {
  return new Hono<AppEnv>().get('/:policyNumber/certificate', requireCaller, async (c) => {
    const file = await certificateFor(deps, c.get('caller'), paramOf(c, 'policyNumber', policyNumberParam));
    const disposition = c.req.query('download') === '1' ? 'attachment' : 'inline';
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `${disposition}; filename="${file.fileName}"`,
      'Content-Length': String(file.bytes.byteLength),
    });
  });
}
