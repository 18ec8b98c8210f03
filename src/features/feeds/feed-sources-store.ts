import { proxy, useSnapshot } from 'valtio';
import { getEngine } from '@/app/engine';
import type { FeedSource } from '@/domain/feeds/feed-sources-api';

/** The feed sources screen (issue 8): the sources with their health, the add form, polls. */
export interface FeedSourcesState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  sources: FeedSource[];
  form: { name: string; feedId: number | null; url: string; minutes: string };
  formErrors: string[];
  busy: boolean;
  /** The outcome of the last 'Poll now', by source id. */
  pollNotes: Record<number, string>;
  /** The row j/k have selected (an index into `sources`). */
  selected: number;
  /** The source whose deletion waits for the analyst's confirmation. */
  deleteRequested: number | null;
}

const emptyForm = () => ({ name: '', feedId: null, url: '', minutes: '15' });

export const feedSourcesStore = proxy<FeedSourcesState>({
  status: 'idle',
  error: null,
  sources: [],
  form: emptyForm(),
  formErrors: [],
  busy: false,
  pollNotes: {},
  selected: 0,
  deleteRequested: null,
});

export const useFeedSources = () => useSnapshot(feedSourcesStore);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function loadFeedSources(): Promise<void> {
  if (feedSourcesStore.sources.length === 0) feedSourcesStore.status = 'loading';
  try {
    feedSourcesStore.sources = [...(await getEngine().listFeedSources())];
    feedSourcesStore.status = 'ready';
    feedSourcesStore.error = null;
  } catch (error) {
    feedSourcesStore.status = 'error';
    feedSourcesStore.error = messageOf(error);
  }
}

export function setFormField<K extends keyof FeedSourcesState['form']>(
  field: K,
  value: FeedSourcesState['form'][K],
): void {
  feedSourcesStore.form[field] = value;
  feedSourcesStore.formErrors = [];
}

/** Adds the source of the form; the server's messages show under it when refused. */
export async function addFeedSource(): Promise<void> {
  const { form } = feedSourcesStore;
  const problems: string[] = [];
  if (form.feedId === null) problems.push('Feed is required');
  const minutes = Number(form.minutes);
  if (!Number.isInteger(minutes) || minutes < 1) {
    problems.push('Polling interval must be a whole number of minutes');
  }
  if (problems.length > 0) {
    feedSourcesStore.formErrors = problems;
    return;
  }
  feedSourcesStore.busy = true;
  try {
    const result = await getEngine().createFeedSource({
      name: form.name,
      feedId: form.feedId ?? 0,
      url: form.url,
      pollingIntervalSeconds: minutes * 60,
      enabled: true,
    });
    if (result.status === 'refused') {
      feedSourcesStore.formErrors = [...result.errors];
      return;
    }
    feedSourcesStore.form = emptyForm();
    await loadFeedSources();
  } catch (error) {
    feedSourcesStore.formErrors = [messageOf(error)];
  } finally {
    feedSourcesStore.busy = false;
  }
}

export async function pollFeedSource(id: number): Promise<void> {
  feedSourcesStore.pollNotes[id] = 'Polling…';
  try {
    const result = await getEngine().pollFeedSource(id);
    feedSourcesStore.pollNotes[id] =
      result.status === 'ok'
        ? `${result.added} new article${result.added === 1 ? '' : 's'}`
        : result.status === 'not-modified'
          ? 'Not modified (304)'
          : `Failed: ${result.error ?? ''}`;
    await loadFeedSources();
  } catch (error) {
    feedSourcesStore.pollNotes[id] = `Failed: ${messageOf(error)}`;
  }
}

export async function setFeedSourceEnabled(id: number, enabled: boolean): Promise<void> {
  try {
    await getEngine().updateFeedSource(id, { enabled });
    await loadFeedSources();
  } catch (error) {
    feedSourcesStore.error = messageOf(error);
  }
}

/** j/k: the next or previous source, kept within the list. */
export function moveFeedSelection(delta: number): void {
  const count = feedSourcesStore.sources.length;
  if (count === 0) return;
  feedSourcesStore.selected = Math.min(Math.max(0, feedSourcesStore.selected + delta), count - 1);
}

/** The selected source, if the list has one. */
export const selectedFeedSource = (): FeedSource | undefined =>
  feedSourcesStore.sources[
    Math.min(feedSourcesStore.selected, feedSourcesStore.sources.length - 1)
  ];

/** Delete asks first (issue 14): the confirmation names the source. */
export function requestDeleteFeedSource(id: number): void {
  feedSourcesStore.deleteRequested = id;
}

/** The confirmation was cancelled: nothing changes. */
export function cancelDeleteFeedSource(): void {
  feedSourcesStore.deleteRequested = null;
}

/** Confirmed: the source is deleted. */
export async function confirmDeleteFeedSource(): Promise<void> {
  const id = feedSourcesStore.deleteRequested;
  feedSourcesStore.deleteRequested = null;
  if (id !== null) await deleteFeedSource(id);
}

async function deleteFeedSource(id: number): Promise<void> {
  try {
    await getEngine().deleteFeedSource(id);
    await loadFeedSources();
  } catch (error) {
    feedSourcesStore.error = messageOf(error);
  }
}
