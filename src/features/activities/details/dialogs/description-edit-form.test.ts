import { describe, expect, it } from 'vitest';
import { Importance } from '@/domain/enums';
import { messages } from '@/domain/messages';
import { dayOfText, descriptionEditOf, type DescriptionDraft } from './description-edit-form';

const draft: DescriptionDraft = {
  reportedOnText: '2024/01/03',
  title: '',
  description: '<p>Cases rising</p>',
  importance: Importance.Standard,
  updateReason: 'IST Update',
};

describe('descriptionEditOf (spec 001 §5 "Description edit")', () => {
  it('sends the edit with the day written YYYY-MM-DD and a blank title as null', () => {
    expect(descriptionEditOf(draft)).toEqual({
      body: {
        reportedOn: '2024-01-03',
        title: null,
        description: '<p>Cases rising</p>',
        importance: Importance.Standard,
        updateReason: 'IST Update',
      },
      messages: [],
    });
  });

  it('stops on the three required fields, in the spec words', () => {
    const result = descriptionEditOf({
      ...draft,
      reportedOnText: '2024/02/30',
      description: '',
      updateReason: null,
    });
    expect('body' in result).toBe(false);
    expect(result.messages.map((m) => m.message)).toEqual([
      messages.updateReasonRequired,
      messages.reportedOnRequired,
      messages.descriptionRequired,
    ]);
  });

  it('needs a title for a Critical update', () => {
    const result = descriptionEditOf({ ...draft, importance: Importance.Critical });
    expect(result.messages.map((m) => m.message)).toEqual([messages.titleRequired]);
  });

  it('reads YYYY/MM/DD and YYYY-MM-DD, nothing else', () => {
    expect(dayOfText('2024/01/03')).toBe('2024-01-03');
    expect(dayOfText(' 2024-01-03 ')).toBe('2024-01-03');
    expect(dayOfText('03/01/2024')).toBeNull();
    expect(dayOfText('2024/13/01')).toBeNull();
  });
});
