import { describe, expect, it } from 'vitest';
import { auditChanges, auditValueText } from './audit-changes';

describe('auditChanges', () => {
  it('lists the fields that changed, before and after, as text', () => {
    expect(
      auditChanges({
        before: { title: 'Old', description: '<p>Was <b>here</b></p>', importance: 'Standard' },
        after: { title: 'New', description: '<p>Was <b>here</b></p>', importance: 'Critical' },
      }),
    ).toEqual([
      { field: 'title', before: 'Old', after: 'New' },
      { field: 'importance', before: 'Standard', after: 'Critical' },
    ]);
  });

  it('reads a create (after only) and a delete (nothing) without failing', () => {
    expect(auditChanges({ after: { type: 4, reportedCases: 12 } })).toEqual([
      { field: 'type', before: '', after: '4' },
      { field: 'reportedCases', before: '', after: '12' },
    ]);
    expect(auditChanges({})).toEqual([]);
    expect(auditChanges({ key: 'cases', articleIds: [7], added: [] })).toEqual([
      { field: 'key', before: '', after: 'cases' },
      { field: 'articleIds', before: '', after: '[7]' },
      { field: 'added', before: '', after: '[]' },
    ]);
    expect(auditChanges({ before: 'odd', after: [1] })).toEqual([]);
  });

  it('writes values as text', () => {
    expect(auditValueText(null)).toBe('');
    expect(auditValueText(true)).toBe('true');
    expect(auditValueText({ a: 1 })).toBe('{"a":1}');
    expect(auditValueText('<ul><li>one</li><li>two</li></ul>')).toBe('one two');
  });
});
