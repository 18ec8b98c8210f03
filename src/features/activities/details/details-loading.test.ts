import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The route asks for the activity as it is entered (preloadDetails), and the screen asks again
 * once mounted: one detail call between them (issue 31). A refresh (openDetails) still calls.
 */
const openActivityDetails = vi.fn();
vi.mock('@/app/engine', () => ({
  getEngine: () => ({ openActivityDetails }),
  isEngineFailure: () => false,
  whenEngineReady: () => Promise.resolve(),
}));

const { closeDetails, enterDetails, openDetails, preloadDetails, activityKeyOfRoute } =
  await import('./details-loading');
const { detailsStore } = await import('./details-state');

const detail = (id: number) => ({
  activity: { diseaseActivityId: id, countryDetails: { countryId: 3 } },
  locations: [],
  reports: [],
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('entering the details screen', () => {
  beforeEach(() => {
    closeDetails();
    openActivityDetails.mockReset();
    openActivityDetails.mockImplementation((key: { diseaseActivityId: number }) =>
      Promise.resolve(detail(key.diseaseActivityId)),
    );
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
