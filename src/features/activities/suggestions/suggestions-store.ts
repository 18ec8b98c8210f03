import { proxy, useSnapshot } from 'valtio';
import { getEngine } from '@/app/engine';
import { navigate } from '@/app/router';
import { routePatterns } from '@/app/routes';
import type { SuggestedActionItem } from '@/domain/suggested-actions';
import { suggestedModeSearch } from '@/app/suggested-mode-url';
import { openNewActivityFromSuggestion } from '../new-activity/new-activity-store';

/**
 * The suggested actions panel (spec 001 §3, §7; issue 8): the open suggestions, the unread
 * count the index shows, the one being looked at, and feedback with a rejection reason.
 * Call failures store their message here (spec 001 §8 "Suggested-action call failures store
 * the message in their state").
 */
export interface SuggestionsState {
  open: boolean;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  items: SuggestedActionItem[];
  unread: number | null;
  /** The suggestion whose details and actions are shown. */
  selectedId: number | null;
  /** The rejection reason chosen for the selected suggestion. */
  reasonId: number | null;
  busy: boolean;
}

export const suggestionsStore = proxy<SuggestionsState>({
  open: false,
  status: 'idle',
  error: null,
  items: [],
  unread: null,
  selectedId: null,
  reasonId: null,
  busy: false,
});

export const useSuggestions = () => useSnapshot(suggestionsStore);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Refreshes the unread count (the index's button). */
export async function refreshUnreadSuggestions(): Promise<void> {
  try {
    suggestionsStore.unread = await getEngine().countUnreadSuggestedActions();
  } catch (error) {
    suggestionsStore.error = messageOf(error);
  }
}

/** Loads the open suggestions. */
export async function loadSuggestions(): Promise<void> {
  suggestionsStore.status = 'loading';
  suggestionsStore.error = null;
  try {
    const items = await getEngine().listSuggestedActions();
    suggestionsStore.items = [...items];
    suggestionsStore.unread = items.filter((i) => !i.isRead).length;
    suggestionsStore.status = 'ready';
    if (!items.some((i) => i.id === suggestionsStore.selectedId)) {
      suggestionsStore.selectedId = items[0]?.id ?? null;
    }
  } catch (error) {
    suggestionsStore.status = 'error';
    suggestionsStore.error = messageOf(error);
  }
}

/** Opens the panel (the index's button, the palette, `/activity?suggestions=open`). */
export function openSuggestions(): void {
  suggestionsStore.open = true;
  void loadSuggestions();
}

export function closeSuggestions(): void {
  suggestionsStore.open = false;
  void refreshUnreadSuggestions();
}

export function selectSuggestion(id: number): void {
  suggestionsStore.selectedId = id;
  suggestionsStore.reasonId = null;
}

/** j / k in the panel. */
export function moveSuggestion(step: 1 | -1): void {
  const { items, selectedId } = suggestionsStore;
  const at = items.findIndex((i) => i.id === selectedId);
  const next = items[Math.min(items.length - 1, Math.max(0, at + step))];
  if (next) selectSuggestion(next.id);
}

export const suggestionLabel = (s: Pick<SuggestedActionItem, 'diseaseName' | 'countryName'>) =>
  `${s.diseaseName} in ${s.countryName}`;

const selected = () =>
  suggestionsStore.items.find((i) => i.id === suggestionsStore.selectedId) ?? null;

/** Marks a suggestion read (opening it is reading it) and keeps the count in step. */
async function markRead(item: SuggestedActionItem): Promise<void> {
  if (item.isRead) return;
  await getEngine().openSuggestedAction(item.diseaseId, item.countryId);
  suggestionsStore.items = suggestionsStore.items.map((i) =>
    i.id === item.id ? { ...i, isRead: true } : i,
  );
  suggestionsStore.unread = suggestionsStore.items.filter((i) => !i.isRead).length;
}

/**
 * Shows the selected suggestion's articles in the article index's suggested mode
 * (`/article?suggested=…&target=…`, spec 000 §2 column 8), newest first.
 */
export async function showSuggestionArticles(): Promise<void> {
  const item = selected();
  if (!item) return;
  try {
    await markRead(item);
  } catch (error) {
    suggestionsStore.error = messageOf(error);
  }
  suggestionsStore.open = false;
  navigate(
    `${routePatterns.articleIndex}${suggestedModeSearch({
      articleIds: item.articleIds.map(String),
      target: suggestionLabel(item),
      suggestion: { diseaseId: item.diseaseId, countryId: item.countryId },
    })}`,
  );
}

/** 'Create activity from this suggestion': the new-activity form, disease and country filled. */
export async function createActivityFromSuggestion(): Promise<void> {
  const item = selected();
  if (!item) return;
  suggestionsStore.open = false;
  openNewActivityFromSuggestion({
    diseaseId: item.diseaseId,
    countryId: item.countryId,
    diseaseName: item.diseaseName,
    countryName: item.countryName,
  });
  try {
    await markRead(item);
  } catch (error) {
    suggestionsStore.error = messageOf(error);
  }
}

/** Opens the activity a suggested update is for. */
export function openSuggestedActivity(): void {
  const item = selected();
  if (!item || item.activityId === null) return;
  suggestionsStore.open = false;
  void markRead(item).catch(() => undefined);
  navigate(`/activity/${item.activityId}/${item.countryId}`);
}

export function setFeedbackReason(reasonId: number | null): void {
  suggestionsStore.reasonId = reasonId;
}

/** Rejects the selected suggestion with the chosen reason; it leaves the list. */
export async function rejectSuggestion(): Promise<void> {
  const item = selected();
  const { reasonId } = suggestionsStore;
  if (!item || reasonId === null) return;
  suggestionsStore.busy = true;
  try {
    await getEngine().giveSuggestedActionFeedback(item.diseaseId, item.countryId, reasonId);
    suggestionsStore.reasonId = null;
    await loadSuggestions();
  } catch (error) {
    suggestionsStore.error = messageOf(error);
  } finally {
    suggestionsStore.busy = false;
  }
}
