// "Generate Report" (docs/product.md#generate-report): the one REST route the console still calls, as a report is
// a file, not JSON.
import { errorTextOf, fetchFile, saveFile } from '../../lib/rest';
import { waitText } from '../../lib/call-errors';

export async function downloadReport(): Promise<void> {
  const res = await fetchFile('/admin/report.csv');
  if (!res.ok) {
    const message = (await errorTextOf(res)) ?? `The server answered ${res.status}.`;
    const wait = res.status === 429 ? waitText(Number(res.headers.get('Retry-After'))) : null;
    throw new Error(wait ? `${message} You can try again ${wait}.` : message);
  }
  await saveFile(res, `kerbside-report-${new Date().toISOString().slice(0, 10)}.csv`);
}
