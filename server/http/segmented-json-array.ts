import { deflateSegment, gzipOfSegments } from './gzip-segments';

/** A serialised answer: the body, and the same gzipped. */
export interface SerialisedAnswer {
  readonly body: Buffer;
  /** Rejects when a compression failed: send the plain body then. */
  readonly gzipped: Promise<Buffer>;
}

/** A run of consecutive items, serialised and deflated on its own. */
interface Segment {
  readonly keys: number[];
  /** The items joined by commas (with a leading comma unless first); null once stale. */
  raw: Buffer | null;
  /** Whether `raw` was built as the first segment (no leading comma). */
  first: boolean;
  deflated: Promise<Buffer> | null;
}

const comma = Buffer.from(',');
const open = Buffer.from('[');
const close = Buffer.from(']');

/**
 * A JSON array of keyed items (each already serialised) kept in segments of `segmentSize`
 * items: replacing, adding or removing an item re-joins and recompresses its segment only
 * (gzip-segments.ts), so a 12 MB list that changed in one row costs a few milliseconds of
 * deflate instead of the whole answer's. Items keep their place; new ones come last.
 */
export class SegmentedJsonArray {
  private readonly items = new Map<number, Buffer>();
  private readonly segmentOf = new Map<number, Segment>();
  private segments: Segment[] = [];
  private readonly openDeflated = deflateSegment(open);
  private readonly closeDeflated = deflateSegment(close);

  constructor(private readonly segmentSize = 500) {}

  /** Adds the item, or replaces it in its place. */
  set(key: number, json: string): void {
    this.items.set(key, Buffer.from(json));
    let segment = this.segmentOf.get(key);
    if (segment === undefined) {
      segment = this.segments.at(-1);
      if (segment === undefined || segment.keys.length >= this.segmentSize) {
        segment = { keys: [], raw: null, first: false, deflated: null };
        this.segments.push(segment);
      }
      segment.keys.push(key);
      this.segmentOf.set(key, segment);
    }
    segment.raw = null;
  }

  /** Removes the item, if there. */
  delete(key: number): void {
    const segment = this.segmentOf.get(key);
    if (segment === undefined) return;
    this.items.delete(key);
    this.segmentOf.delete(key);
    segment.keys.splice(segment.keys.indexOf(key), 1);
    segment.raw = null;
  }

  /** The array as it is now: body and gzip, each segment compressed once per change. */
  serialise(): SerialisedAnswer {
    this.segments = this.segments.filter((s) => s.keys.length > 0);
    const raws: Buffer[] = [];
    const deflated: Promise<Buffer>[] = [this.openDeflated];
    this.segments.forEach((segment, index) => {
      const first = index === 0;
      if (segment.raw === null || segment.first !== first) {
        segment.raw = this.join(segment.keys, first);
        segment.first = first;
        segment.deflated = null;
      }
      if (segment.deflated === null) {
        const compressing = deflateSegment(segment.raw);
        segment.deflated = compressing;
        // A failed compression is not kept: the next answer tries again.
        compressing.catch(() => {
          if (segment.deflated === compressing) segment.deflated = null;
        });
      }
      raws.push(segment.raw);
      deflated.push(segment.deflated);
    });
    deflated.push(this.closeDeflated);
    const body = Buffer.concat([open, ...raws, close]);
    const gzipped = Promise.all(deflated).then((segments) => gzipOfSegments(body, segments));
    // Never an unhandled rejection: a failed compression falls back to the plain body.
    gzipped.catch(() => undefined);
    return { body, gzipped };
  }

  private join(keys: readonly number[], first: boolean): Buffer {
    const parts: Buffer[] = [];
    for (const key of keys) {
      if (parts.length > 0 || !first) parts.push(comma);
      const item = this.items.get(key);
      if (item !== undefined) parts.push(item);
    }
    return Buffer.concat(parts);
  }
}
