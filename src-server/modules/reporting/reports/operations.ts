// Every policy as CSV (docs/product.md#admin-console); REST alone: a million policies stream as a file, not JSON.
import { defineOperation } from '../../../api/operation';
import { generatePolicyReport, reportStream } from './service';

export const reportOperation = defineOperation({
  tier: 'admin',
  trpc: false,
  handler: async ({ deps, caller, requestId }) => {
    const report = await generatePolicyReport(deps, caller);
    const body = reportStream(report, (err) => deps.logger.error({ err, requestId }, 'report stream failed'));
    return { body, fileName: report.fileName };
  },
  rest: {
    method: 'get',
    path: '/admin/report.csv',
    operationId: 'getPolicyReport',
    tags: ['Admin: report'],
    summary: 'Every policy as CSV',
    description: "Streamed as a download named `kerbside-report-YYYY-MM-DD.csv`; written to the audit log ('Generated system report').",
    response: {
      description: 'The report: a header row, then a row per policy',
      headers: { 'Content-Disposition': { description: '`attachment`, with the file name', schema: { type: 'string' } } },
      content: { 'text/csv; charset=utf-8': { schema: { type: 'string', contentMediaType: 'text/csv' } } },
    },
    file: { mediaType: 'text/csv; charset=utf-8', disposition: () => 'attachment' },
  },
});
