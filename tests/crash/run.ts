// `npm run test:crash [-- --cycles N]`: the long crash-safety run (1,000 SIGKILLs by default).
import { runCrashCycles } from './crash-cycles';

const i = process.argv.indexOf('--cycles');
const cycles = i >= 0 ? Number(process.argv[i + 1]) : 1000;
if (!Number.isInteger(cycles) || cycles < 1) throw new Error('--cycles needs a whole number');
console.log(`crash safety: ${cycles} SIGKILL cycles`);
const report = await runCrashCycles({ cycles, log: (l) => console.log(l) });
console.log(
  `done in ${report.seconds.toFixed(1)} s: ${report.requestsSent} requests, ${report.acknowledgedQuotes} quotes + ${report.acknowledgedPolicies} policies acknowledged, ` +
    `${report.storedQuotes} + ${report.storedPolicies} stored; missing ${report.missingQuotes.length + report.missingPolicies.length}; integrity ${report.integrity}`,
);
if (report.failures.length > 0) {
  console.error(report.failures.join('\n'));
  process.exit(1);
}
