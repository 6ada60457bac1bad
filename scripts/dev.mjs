// `npm run dev`: the API on :3000 (restarted on change) and Vite on :5173, which proxies /api and /trpc. With no mail
// server, the API prints each e-mail with its links whole (MAIL_LOG_LINKS; docs/operations.md#mail), so a reset or
// invitation link can be followed from the terminal; MAIL_LOG_LINKS=0 npm run dev leaves them out.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src-server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MAIL_LOG_LINKS: process.env.MAIL_LOG_LINKS ?? '1' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
