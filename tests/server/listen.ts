// An app on a real loopback socket, for tests about what only a real connection shows (headers as the Node adapter
// writes them, keep-alive, early answers): port 0 picks a free port.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface Listening {
  port: number;
  /** 'http://127.0.0.1:{port}' */
  base: string;
  close(): Promise<void>;
}

export function listen(app: { fetch: (request: Request) => Response | Promise<Response> }): Promise<Listening> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        port: info.port,
        base: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
