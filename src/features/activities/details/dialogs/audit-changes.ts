/** One changed field of an audit row: what it was and what it became ('' when absent). */
export interface AuditChange {
  readonly field: string;
  readonly before: string;
  readonly after: string;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** A stored value as text: rich text without its tags, objects as JSON, null as ''. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string')
    return value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The fields an audit row changed (GET …/history `detail`: `before` and `after` objects), in
 * the order they first appear; fields equal on both sides are left out. Other members of the
 * detail (a link's `articleIds`, `added`) are listed as they are.
 */
export function auditChanges(detail: Readonly<Record<string, unknown>>): AuditChange[] {
  const before = asRecord(detail['before']);
  const after = asRecord(detail['after']);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const out: AuditChange[] = [];
  for (const [field, value] of Object.entries(detail)) {
    if (field === 'before' || field === 'after') continue;
    const text = auditValueText(value);
    if (text !== '') out.push({ field, before: '', after: text });
  }
  for (const field of fields) {
    const was = auditValueText(before[field]);
    const now = auditValueText(after[field]);
    if (was !== now) out.push({ field, before: was, after: now });
  }
  return out;
}
