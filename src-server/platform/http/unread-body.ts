// An answer sent before the request's body has arrived in full (413 for an oversize body or a Content-Length over
// the limit, 415 for a body that is not JSON, ...) ends the connection: docs/api.md#oversize-bodies.
//
// The rest of that body is still on its way. If the server kept the connection, the next request on it would be
// read from the middle of the old body; if it simply closed it, the client's unsent bytes would meet a closed socket
// and the kernel would answer them with a reset, which can destroy the answer before the client reads it (and a
// keep-alive client would see its next, unrelated request fail). So the answer says `Connection: close`, the server
// half-closes once it is flushed, and goes on reading and discarding what the client still sends (a "lingering
// close", as Apache and nginx do) until the client closes its side, for at most LINGER_MS or LINGER_MAX_BYTES.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { MiddlewareHandler } from 'hono';

export const LINGER_MS = 2_000;
export const LINGER_MAX_BYTES = 16 * 1024 * 1024;

const lingering = new WeakSet<Socket>();

/**
 * Replaces the socket's destroySoon (what Node's HTTP server calls after an answer that said `Connection: close`)
 * with a lingering close: FIN after the answer, then drain the client's remaining bytes, then destroy.
 */
function lingerOnClose(socket: Socket): void {
  if (lingering.has(socket)) return;
  lingering.add(socket);
  socket.destroySoon = () => {
    let drained = 0;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(done, LINGER_MS);
    timer.unref();
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
