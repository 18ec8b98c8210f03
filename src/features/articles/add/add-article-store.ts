import { proxy, useSnapshot } from 'valtio';
import { getEngine } from '@/app/engine';
import { isArticleUrl, validateCustomArticle } from '@/domain/articles';
import { ArticleContentType, FeedSource } from '@/domain/enums';
import { messages } from '@/domain/messages';
import type { ArticleSourceHit } from '@workers/article-source-search/article-source-search-contract';

/** The form's editable fields (spec 000 §2 "Add-article form"). */
export interface AddArticleValues {
  originalSourceURL: string;
  title: string;
  sourceCategory: number | null;
  sourceGroup: number | null;
  sourcePriority: number | null;
  feedId: number | null;
}

/** A form field that can carry a validation message. */
export type AddArticleField = keyof AddArticleValues;

/**
 * Where the source stands: the lookup by URL (spec 000 §4 "Article source lookup"), or
 * `chosen`: picked from the article source search (spec 000 §7), which also re-enables the
 * three fields after a failed lookup.
 */
export type SourceLookup = 'none' | 'pending' | 'found' | 'failed' | 'chosen';

const emptyValues = (): AddArticleValues => ({
  originalSourceURL: '',
  title: '',
  sourceCategory: null,
  sourceGroup: null,
  sourcePriority: null,
  feedId: FeedSource.NewsMedia,
});

/** The add-article store (valtio): the form, its messages and the created article. */
export const addArticleStore = proxy({
  open: false,
  values: emptyValues(),
  errors: {} as Partial<Record<AddArticleField, string>>,
  sourceLookup: 'none' as SourceLookup,
  /** The URL the last lookup was for, so a stale answer is dropped. */
  lookedUpUrl: '',
  /** The source picked by search, shown in the picker until a lookup by URL fills the fields. */
  pickedSource: null as ArticleSourceHit | null,
  submitting: false,
  /** Set after a successful create: the success dialog shows while it is not null. */
  createdArticleId: null as number | null,
});

/** Which field each §5 message belongs under. */
const fieldOfMessage: ReadonlyMap<string, AddArticleField> = new Map([
  [messages.articleTitleRequired, 'title'],
  [messages.articleUrlRequired, 'originalSourceURL'],
  [messages.articleUrlInvalid, 'originalSourceURL'],
  [messages.feedTypeRequired, 'feedId'],
  [messages.sourceGroupRequired, 'sourceGroup'],
  [messages.sourceCategoryRequired, 'sourceCategory'],
  [messages.sourcePriorityRequired, 'sourcePriority'],
]);

const withoutErrors = (
  errors: Partial<Record<AddArticleField, string>>,
  fields: readonly AddArticleField[],
): Partial<Record<AddArticleField, string>> =>
  Object.fromEntries(
    Object.entries(errors).filter(([field]) => !fields.includes(field as AddArticleField)),
  );

/** Opens the add-article form, empty (spec 000 §4 "A reset returns to an empty default"). */
export function openAddArticle(): void {
  resetAddArticle();
  addArticleStore.open = true;
}

/** Empties the form (the Clear button, and every opening). */
export function resetAddArticle(): void {
  addArticleStore.values = emptyValues();
  addArticleStore.errors = {};
  addArticleStore.sourceLookup = 'none';
  addArticleStore.lookedUpUrl = '';
  addArticleStore.pickedSource = null;
}

/** Closes the form without adding. */
export function cancelAddArticle(): void {
  addArticleStore.open = false;
  resetAddArticle();
}

/** Sets one field; its message goes until the next submit. */
export function setAddArticleValue<K extends AddArticleField>(
  field: K,
  value: AddArticleValues[K],
): void {
  addArticleStore.values[field] = value;
  addArticleStore.errors = withoutErrors(addArticleStore.errors, [field]);
  if (field === 'originalSourceURL' && String(value).trim() === '') {
    addArticleStore.sourceLookup = 'none';
    addArticleStore.lookedUpUrl = '';
    addArticleStore.pickedSource = null;
  }
}

const sourceFields: readonly AddArticleField[] = [
  'sourceCategory',
  'sourceGroup',
  'sourcePriority',
];

/**
 * A source picked from the article source search fills category, sub-category and priority as
 * the lookup by URL does; emptying the picker leaves them as they are (the analyst may edit
 * them). A later lookup of a new URL overrides the pick.
 */
export function chooseArticleSource(source: ArticleSourceHit | null): void {
  addArticleStore.pickedSource = source;
  if (source === null) return;
  const { values } = addArticleStore;
  values.sourceCategory = source.sourceCategoryId;
  values.sourceGroup = source.sourceGroupId;
  values.sourcePriority = source.sourcePriorityId;
  addArticleStore.errors = withoutErrors(addArticleStore.errors, sourceFields);
  addArticleStore.sourceLookup = 'chosen';
}

/**
 * Looks the URL's source up and fills category, sub-category and priority; on failure the
 * three clear and their options are disabled (spec 000 §2, §4). Only URLs that pass the §5
 * URL rule are looked up; the same URL twice is looked up once.
 */
export async function lookUpSource(): Promise<void> {
  const url = addArticleStore.values.originalSourceURL.trim();
  if (url === '' || !isArticleUrl(url) || url === addArticleStore.lookedUpUrl) return;
  addArticleStore.lookedUpUrl = url;
  addArticleStore.sourceLookup = 'pending';
  const found = await getEngine().lookupArticleSource(url);
  if (addArticleStore.lookedUpUrl !== url) return;
  const { values } = addArticleStore;
  addArticleStore.pickedSource = null;
  if (found) {
    values.sourceCategory = found.sourceCategory;
    values.sourceGroup = found.sourceGroup;
    values.sourcePriority = found.sourcePriority;
    addArticleStore.errors = withoutErrors(addArticleStore.errors, sourceFields);
    addArticleStore.sourceLookup = 'found';
  } else {
    values.sourceCategory = null;
    values.sourceGroup = null;
    values.sourcePriority = null;
    addArticleStore.sourceLookup = 'failed';
  }
}

/**
 * Validates with the §5 rules (each message under its field), then sends the add; on success
 * closes the form and keeps the created id for the success dialog. A refused add stays open
 * (the engine shows the server's 'IST Error: …').
 */
export async function submitAddArticle(): Promise<void> {
  if (addArticleStore.submitting) return;
  const values = { ...addArticleStore.values };
  const problems = validateCustomArticle(values);
  const errors: Partial<Record<AddArticleField, string>> = {};
  for (const message of problems) {
    const field = fieldOfMessage.get(message);
    if (field !== undefined && errors[field] === undefined) errors[field] = message;
  }
  addArticleStore.errors = errors;
  if (problems.length > 0) return;
  const { sourceCategory, sourceGroup, sourcePriority, feedId } = values;
  if (sourceCategory === null || sourceGroup === null || sourcePriority === null) return;
  if (feedId === null) return;
  addArticleStore.submitting = true;
  try {
    const { articleId } = await getEngine().createArticle({
      title: values.title.trim(),
      originalSourceURL: values.originalSourceURL.trim(),
      feedId,
      hamTypeId: ArticleContentType.DiseaseActivity,
      isRead: false,
      isCompleted: false,
      isImportant: false,
      locationIds: [],
      diseaseId: null,
      sourceCategory,
      sourceGroup,
      sourcePriority,
    });
    addArticleStore.createdArticleId = articleId;
    addArticleStore.open = false;
    resetAddArticle();
  } catch {
    // Reported by the engine (spec 000 §8); the form stays open with what was typed.
  } finally {
    addArticleStore.submitting = false;
  }
}

/** The success dialog's OK: clears the created-article state. */
export function clearCreatedArticle(): void {
  addArticleStore.createdArticleId = null;
}

/** React hook: the store's snapshot. */
export function useAddArticle() {
  return useSnapshot(addArticleStore);
}
