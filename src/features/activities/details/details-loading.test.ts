import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The route asks for the activity as it is entered (preloadDetails), and the screen asks again
 * once mounted: one detail call between them (issue 31). A refresh (openDetails) still calls.
 */
const openActivityDetails = vi.fn();
const openActivityHead = vi.fn();
vi.mock('@/app/engine', () => ({
  getEngine: () => ({ openActivityDetails, openActivityHead }),
  isEngineFailure: () => false,
  whenEngineReady: () => Promise.resolve(),
}));

const { closeDetails, enterDetails, openDetails, preloadDetails, activityKeyOfRoute } =
  await import('./details-loading');
const { detailsStore } = await import('./details-state');

const detail = (id: number, reports: readonly { readonly locationId: number }[] = []) => ({
  activity: { diseaseActivityId: id, countryDetails: { countryId: 3 } },
  locations: [],
  reports,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('entering the details screen', () => {
  beforeEach(() => {
    closeDetails();
    openActivityDetails.mockReset();
    openActivityDetails.mockImplementation((key: { diseaseActivityId: number }) =>
      Promise.resolve(detail(key.diseaseActivityId)),
    );
    openActivityHead.mockReset();
    openActivityHead.mockImplementation((key: { diseaseActivityId: number }) =>
      Promise.resolve(detail(key.diseaseActivityId)),
    );
  });

  it("a first open shows the country's entries as a part, then the whole detail (issue 31)", async () => {
    let answerWhole: (value: unknown) => void = () => {};
    openActivityHead.mockResolvedValue(detail(12, [{ locationId: 3 }]));
    openActivityDetails.mockReturnValue(
      new Promise((resolve) => {
        answerWhole = resolve;
      }),
    );
    const opened = enterDetails({ diseaseActivityId: 12, countryId: 3 });
    await settle();
    // The whole detail is asked for once the part is in, never before it.
    expect(openActivityHead).toHaveBeenCalledTimes(1);
    expect(openActivityDetails).toHaveBeenCalledTimes(1);
    expect(detailsStore.partial).toBe(true);
    expect(detailsStore.status).toBe('loading');
    expect(detailsStore.detail?.reports).toHaveLength(1);
    answerWhole(detail(12, [{ locationId: 3 }, { locationId: 4 }]));
    await opened;
    expect(detailsStore.partial).toBe(false);
    expect(detailsStore.status).toBe('ready');
    expect(detailsStore.detail?.reports).toHaveLength(2);
  });

  it('a part that fails leaves the whole detail to answer; a refresh asks for the whole only', async () => {
    openActivityHead.mockRejectedValue(new Error('offline'));
    await enterDetails({ diseaseActivityId: 12, countryId: 3 });
    expect(detailsStore.status).toBe('ready');
    expect(detailsStore.partial).toBe(false);
    await openDetails({ diseaseActivityId: 12, countryId: 3 });
    expect(openActivityHead).toHaveBeenCalledTimes(1);
    expect(openActivityDetails).toHaveBeenCalledTimes(2);
  });

  it('the route preload and the screen make one detail call', async () => {
    preloadDetails({ diseaseActivityIdParam: '12', countryIdParam: '3' });
    await settle();
    await enterDetails({ diseaseActivityId: 12, countryId: 3 });
    expect(openActivityDetails).toHaveBeenCalledTimes(1);
    expect(detailsStore.status).toBe('ready');
  });

  it('another activity, a refresh, or an entry after leaving calls again', async () => {
    await enterDetails({ diseaseActivityId: 12, countryId: 3 });
    await enterDetails({ diseaseActivityId: 13, countryId: 3 });
    await openDetails({ diseaseActivityId: 13, countryId: 3 });
    closeDetails();
    await enterDetails({ diseaseActivityId: 13, countryId: 3 });
    expect(openActivityDetails).toHaveBeenCalledTimes(4);
  });

  it('a route naming no activity asks for nothing', async () => {
    expect(activityKeyOfRoute({ diseaseActivityIdParam: 'x', countryIdParam: '3' })).toBeNull();
    expect(activityKeyOfRoute({ diseaseActivityIdParam: '4', countryIdParam: '0' })).toBeNull();
    preloadDetails({ diseaseActivityIdParam: '-1', countryIdParam: '3' });
    await settle();
    expect(openActivityDetails).not.toHaveBeenCalled();
  });
});

describe('an entry added while only the first part is in', () => {
  it('waits for the whole detail, so the whole detail does not drop it', async () => {
    // The new entry's date box is focused once drawn (focusDraft); nothing is drawn here.
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const { addToSelected } = await import('./details-commands');
    const { EntryType } = await import('@domain/enums');
    closeDetails();
    const whole = {
      ...detail(12, [{ locationId: 3 }]),
      locations: [{ id: 3, name: 'Sudan', type: 6, parentId: null, displayName: 'Sudan' }],
      readOnly: false,
      commitStatus: 'Committed',
      latestReportingPeriod: null,
    };
    let answerWhole: (value: unknown) => void = () => {};
    openActivityHead.mockReset();
    openActivityHead.mockResolvedValue(whole);
    openActivityDetails.mockReset();
    openActivityDetails.mockReturnValue(
      new Promise((resolve) => {
        answerWhole = resolve;
      }),
    );
    const opened = enterDetails({ diseaseActivityId: 12, countryId: 3 });
    await settle();
    expect(detailsStore.partial).toBe(true);
    // The palette's 'Add Case Data entry' (the keys are held meanwhile, keys-while-loading.ts).
    const hold = addToSelected(EntryType.CASE_DATA);
    expect(hold?.ready()).toBe(false);
    expect(detailsStore.drafts).toHaveLength(0);
    answerWhole(whole);
    await opened;
    await settle();
    expect(detailsStore.drafts.map((d) => d.type)).toEqual([EntryType.CASE_DATA]);
    vi.unstubAllGlobals();
  });
});
