// An answer sent before the request's body has arrived in full (413, 415, ...) ends the connection
// (docs/api.md#oversize-bodies) with a lingering close, as Apache and nginx do: a plain close would meet the client's
// unsent bytes with a reset that can destroy the answer, so the rest is read and dropped (LINGER_MS, LINGER_MAX_BYTES).
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { MiddlewareHandler } from 'hono';

export const LINGER_MS = 2_000;
export const LINGER_MAX_BYTES = 16 * 1024 * 1024;

const lingering = new WeakSet<Socket>();

/** Replaces the socket's destroySoon with a lingering close: FIN after the answer, drain the client's bytes, destroy. */
function lingerOnClose(socket: Socket): void {
  if (lingering.has(socket)) return;
  lingering.add(socket);
  socket.destroySoon = () => {
    let drained = 0;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(done, LINGER_MS).unref();
    socket.once('close', () => clearTimeout(timer));
    // Bytes still arriving are the old body: the HTTP parser hands them to the finished request, which discards them.
    socket.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > LINGER_MAX_BYTES) done();
    });
    // The client closed its side (it read the answer): nothing more will come.
    socket.once('end', done);
    socket.end();
    socket.resume();
  };
}

/** For requests that may carry a body: an answer given before the body was all received closes the connection. */
export const closeAfterUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.complete) return;
  const socket = incoming.socket as Socket | null;
  if (!socket || socket.destroyed) return;
  c.res.headers.set('Connection', 'close');
  lingerOnClose(socket);
};
