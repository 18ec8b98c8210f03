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

export async function deleteFeedSource(id: number): Promise<void> {
  try {
    await getEngine().deleteFeedSource(id);
    await loadFeedSources();
  } catch (error) {
    feedSourcesStore.error = messageOf(error);
  }
}
