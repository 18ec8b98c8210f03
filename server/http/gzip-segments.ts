import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/**
 * A gzip member assembled from separately deflated segments (RFC 1951/1952), so a large answer
 * that changes in one place is recompressed only there. Each segment is a raw deflate stream
 * ended by a sync flush: byte-aligned, not final, and referring to nothing before it (every
 * segment starts with an empty window). Concatenated after the gzip header and followed by one
 * final block, they form one valid deflate stream; the trailer's CRC-32 and length are of the
 * whole body. Segments cost a little ratio (no matches across them): keep them large.
 */

/** A segment's compressed bytes, on the thread pool. */
export function deflateSegment(raw: Buffer): Promise<Buffer> {
  return deflateRawAsync(raw, { level: 6, finishFlush: constants.Z_SYNC_FLUSH });
}

const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block closes the stream. */
const finalBlock = deflateRawSync(Buffer.alloc(0), { finishFlush: constants.Z_FINISH });

/** The gzip member of `body`, whose deflated segments in order are `segments`. */
export function gzipOfSegments(body: Buffer, segments: readonly Buffer[]): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(body), 0);
  trailer.writeUInt32LE(body.length % 2 ** 32, 4);
  return Buffer.concat([header, ...segments, finalBlock, trailer]);
}
