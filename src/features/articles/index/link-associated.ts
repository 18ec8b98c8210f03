import { proxy, useSnapshot } from 'valtio';
import { getEngine } from '@/app/engine';
import { navigate } from '@/app/router';
import { routePatterns } from '@/app/routes';
import { entryTypeLabel, type EntryType } from '@/domain/enums';
import type { SuggestedArticlesAssociated } from '@/domain/suggested-actions';
import { articleIndexStore } from './article-index-store';
import { associatedArticleIds } from './suggested-mode';
import { suggestedModeSearch } from '@/app/suggested-mode-url';

/**
 * Suggested mode's Associate, for real (spec 000 §2 column 8, issue 15): the associated articles
 * are linked to the suggested activity's latest committed entry that takes articles (the
 * server picks it and links through the associated-articles dialog's link), and the mode then
 * shows the suggestion without them: linked articles no longer support it.
 */
export interface LinkAssociatedState {
  status: 'idle' | 'linking' | 'linked' | 'refused';
  /** What happened, in words the banner shows. */
  message: string;
  /** The activity the articles went to (a link to it). */
  activityPath: string | null;
}

export const linkAssociatedStore = proxy<LinkAssociatedState>({
  status: 'idle',
  message: '',
  activityPath: null,
});

export const useLinkAssociated = () => useSnapshot(linkAssociatedStore);

/** 'Case Data, Toronto, 2024/05/10': the entry as the details screen names it. */
export const linkedEntryLabel = (a: SuggestedArticlesAssociated) =>
  `${entryTypeLabel[a.type as EntryType] ?? 'Entry'}, ${a.locationName}, ${a.reportedOn.replaceAll('-', '/')}`;

const plural = (n: number) => `${n} article${n === 1 ? '' : 's'}`;

/** Whether the associated articles can be linked now (suggested mode of a known suggestion). */
export function canLinkAssociated(): boolean {
  return (
    articleIndexStore.suggested?.suggestion !== undefined &&
    associatedArticleIds().length > 0 &&
    linkAssociatedStore.status !== 'linking'
  );
}

/** Shift+L / 'Link associated articles': links them, then shows the rest of the suggestion. */
export async function linkAssociatedArticles(): Promise<void> {
  const mode = articleIndexStore.suggested;
  if (mode?.suggestion === undefined || !canLinkAssociated()) return;
  const ids = associatedArticleIds();
  Object.assign(linkAssociatedStore, { status: 'linking', message: '', activityPath: null });
  const { diseaseId, countryId } = mode.suggestion;
  let result;
  try {
    result = await getEngine().associateSuggestedArticles(diseaseId, countryId, ids.map(Number));
  } catch {
    // The engine has alerted and logged it (spec 000 §8).
    Object.assign(linkAssociatedStore, { status: 'idle', message: '' });
    return;
  }
  if (result.status === 'refused') {
    Object.assign(linkAssociatedStore, { status: 'refused', message: result.message });
    return;
  }
  const linked = result.value;
  Object.assign(linkAssociatedStore, {
    status: 'linked',
    message: `${plural(ids.length)} linked to ${linkedEntryLabel(linked)}.`,
    activityPath: `/activity/${linked.diseaseActivityId}/${linked.countryId}`,
  });
  const rest = mode.articleIds.filter((id) => !ids.includes(id));
  navigate(`${routePatterns.articleIndex}${suggestedModeSearch({ ...mode, articleIds: rest })}`, {
    replace: true,
  });
}

/** A new visit of suggested mode starts without the previous outcome. */
export function clearLinkAssociated(): void {
  Object.assign(linkAssociatedStore, { status: 'idle', message: '', activityPath: null });
}
