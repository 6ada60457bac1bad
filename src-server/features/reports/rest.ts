// GET /api/admin/report.csv. There is no tRPC procedure for it on purpose: tRPC answers JSON, and a
// report of a million policies must stream to the browser as a file download (Content-Disposition),
// which only a plain HTTP response gives.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { RestContext } from '../../http/rest-context';
import { generatePolicyReport, reportStream } from './service';

/** /api/admin/report.csv (admin guard applied by the caller). */
export function adminReportRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>().get('/report.csv', async (c) => {
    const report = await generatePolicyReport(deps, c.get('caller'));
    const requestId = c.get('requestId');
    const stream = reportStream(report, (err) => deps.logger.error({ err, requestId }, 'report stream failed'));
    return c.body(stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${report.fileName}"`,
    });
  });
}
