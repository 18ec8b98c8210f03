import { useEffect } from 'react';
import { proxy, ref, useSnapshot } from 'valtio';
import { getEngine } from '@/app/engine';
import type { ActivityCurveData, TypedCaseEntry } from '@/domain/entries/epi-curve-totals';
import { EntryType } from '@/domain/enums';
import { useDetails } from '../details-store';

/** The curve data of the open activity, loaded once per activity version. */
const curveStore = proxy<{
  loadedFor: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: ActivityCurveData | null;
  error: string | null;
}>({ loadedFor: null, status: 'idle', data: null, error: null });

/**
 * The open activity's curve data (every committed Daily Total: the worker asks for the whole
 * history once per activity version) and the case entries being typed, for the curves.
 */
export function useCurveData() {
  const { key, detail, drafts, recomputed } = useDetails();
  const wanted =
    key === null || detail === null
      ? null
      : `${key.diseaseActivityId}/${key.countryId}/${detail.version}`;
  useEffect(() => {
    if (wanted === null || key === null || curveStore.loadedFor === wanted) return;
    curveStore.loadedFor = wanted;
    curveStore.status = 'loading';
    const plainKey = { diseaseActivityId: key.diseaseActivityId, countryId: key.countryId };
    getEngine()
      .getActivityCurveData(plainKey)
      .then(
        (data) => {
          if (curveStore.loadedFor !== wanted) return;
          curveStore.data = ref(data);
          curveStore.status = 'ready';
        },
        (error: unknown) => {
          if (curveStore.loadedFor !== wanted) return;
          curveStore.status = 'error';
          curveStore.error = error instanceof Error ? error.message : String(error);
          curveStore.loadedFor = null;
        },
      );
  }, [wanted, key]);
  const curve = useSnapshot(curveStore);
  const typed: TypedCaseEntry[] = [];
  for (const draft of drafts) {
    const counts = recomputed[draft.key]?.counts;
    if (draft.type !== EntryType.CASE_DATA || counts === undefined || draft.reportedOn === '') {
      continue;
    }
    typed.push({ locationId: draft.locationId, reportedOn: draft.reportedOn, counts });
  }
  return {
    status: curve.status,
    error: curve.error,
    data: curve.data as ActivityCurveData | null,
    typed,
  };
}
