// GET /api/admin/report.csv. There is no tRPC procedure for it on purpose: tRPC answers JSON, and a
// report of a million policies must stream to the browser as a file download (Content-Disposition),
// which only a plain HTTP response gives.
import { defineRoute, restApp, serve } from '../../platform/http/openapi';
import type { RestContext } from '../../platform/http/rest-context';
import { generatePolicyReport, reportStream } from './service';

const reportRoute = defineRoute({
  method: 'get',
  path: '/report.csv',
  operationId: 'getPolicyReport',
  tags: ['Admin: report'],
  summary: 'Every policy as CSV',
  description: "Streamed as a download named `kerbside-report-YYYY-MM-DD.csv`; written to the audit log ('Generated system report').",
  access: 'admin',
  responses: {
    200: {
      description: 'The report: a header row, then a row per policy',
      headers: { 'Content-Disposition': { description: '`attachment`, with the file name', schema: { type: 'string' } } },
      content: { 'text/csv; charset=utf-8': { schema: { type: 'string', contentMediaType: 'text/csv' } } },
    },
  },
});

/** /api/admin/report.csv (admin guard applied by the caller). */
export function adminReportRoutes({ deps }: RestContext) {
  return serve(restApp(), reportRoute, async (c) => {
    const report = await generatePolicyReport(deps, c.get('caller'));
    const requestId = c.get('requestId');
    const stream = reportStream(report, (err) => deps.logger.error({ err, requestId }, 'report stream failed'));
    return c.body(stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${report.fileName}"`,
    });
  });
}
