import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/** Below this a body goes as it is: compressing it costs more than it saves. */
const minGzipBytes = 64 * 1024;

/**
 * Sends a large JSON answer, gzipped (fast level, on the thread pool) when the client accepts
 * it: the committed timeline of a big activity is tens of megabytes of digits and commas,
 * which compress some tenfold.
 */
export async function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  value: unknown,
): Promise<FastifyReply> {
  const body = Buffer.from(JSON.stringify(value));
  void reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('vary', 'accept-encoding');
  const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (!accepts || body.length < minGzipBytes) return reply.send(body);
  const zipped = await gzipAsync(body, { level: constants.Z_BEST_SPEED });
  return reply.header('content-encoding', 'gzip').send(zipped);
}
