import type { Store } from './store';

/**
 * Where a copy's memory goes, in bytes per part (columns by field, postings by field, the live
 * set, the key table): typed arrays at their buffers' size (each buffer counted once), JS strings and
 * Map entries estimated at V8's usual sizes (a one-byte string: 16 bytes of header plus its
 * characters, rounded to 8; a Map entry: about 28 bytes of table). For the bench (issue 18: "measure
 * where it goes first").
 */
export function footprintOf(store: Store): Record<string, number> {
  const seen = new Set<ArrayBufferLike>();
  const parts: Record<string, number> = {};
  // First: the key field's postings refer to the key table, whose buffers count here once.
  parts['key table'] = bytesOf(store.keys, seen);
  for (const [name, column] of store.columns) parts[`column ${name}`] = bytesOf(column, seen);
  for (const [name, text] of store.text) parts[`postings ${name}`] = bytesOf(text, seen);
  parts['live set'] = bytesOf(store.live, seen);
  return parts;
}

const stringBytes = (value: string | undefined) =>
  value === undefined ? 0 : Math.ceil((16 + value.length) / 8) * 8;

/** Bytes reachable from value: typed arrays, numbers and strings in arrays and objects. */
function bytesOf(value: unknown, seen: Set<ArrayBufferLike>, depth = 0): number {
  if (ArrayBuffer.isView(value)) {
    if (seen.has(value.buffer)) return 0;
    seen.add(value.buffer);
    return value.buffer.byteLength;
  }
  if (typeof value === 'string') return stringBytes(value);
  if (value === null || typeof value !== 'object' || depth > 6) return 0;
  let total = 0;
  if (Array.isArray(value)) {
    total += value.length * 8;
    for (const item of value) total += bytesOf(item, seen, depth + 1);
    return total;
  }
  if (value instanceof Map) {
    total += value.size * 28;
    for (const [k, v] of value) total += bytesOf(k, seen, depth + 1) + bytesOf(v, seen, depth + 1);
    return total;
  }
  for (const member of Object.values(value)) total += bytesOf(member, seen, depth + 1);
  return total;
}
