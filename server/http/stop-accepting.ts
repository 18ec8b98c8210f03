import type { Server as HttpServer } from 'node:http';
import { Server as NetServer } from 'node:net';

/**
 * The first step of a drain: close the listener (new connections are refused) but leave the open
 * connections be, until each has been answered and closed or `graceMs` passes. Node's
 * `http.Server.close()` (what `app.close()` calls) also destroys every connection without an
 * active request, and that includes one accepted a moment ago whose request is still in its
 * socket buffer: the client saw a reset for a request the server never read (the ECONNRESETs of
 * the two-servers drain bench). While draining every answer says `Connection: close`, so the
 * connections end on their own; what remains after the grace is truly idle, and `app.close()`
 * closes it.
 */
export async function stopAccepting(server: HttpServer, graceMs: number): Promise<void> {
  // net.Server's own close: stops listening without http.Server's idle-connection sweep.
  NetServer.prototype.close.call(server);
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    const open = await new Promise<number>((resolve) =>
      server.getConnections((error, count) => resolve(error ? 0 : count)),
    );
    if (open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
