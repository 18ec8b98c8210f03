// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { detailsStore } from './details-store';
import { PrecheckPanel } from './precheck-panel';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
});

it('names a place added by Search/Add on its pre-check card, not by its id', async () => {
  // The worker only knows the places of the detail it read: it names the new one by its id.
  detailsStore.addedLocations = [
    {
      id: 2198148,
      name: 'Lusaka',
      type: 3,
      parentId: 1,
      displayName: 'Lusaka, Lusaka Province',
      population: 2_000_000,
    },
  ];
  detailsStore.dirty = true;
  detailsStore.validation = null;
  detailsStore.precheck = {
    processedReports: [],
    messages: ['WARNINGHIGH Abnormal spike'],
    locations: [
      { locationId: 2198148, locationName: '2198148', messages: ['WARNINGHIGH Abnormal spike'] },
    ],
    result: null,
  };
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(createElement(PrecheckPanel)));
  const card = host.querySelector('[data-testid="precheck-card"]');
  expect(card?.textContent).toContain('Lusaka, Lusaka Province');
  expect(card?.textContent).not.toContain('2198148');
});
