// @vitest-environment jsdom
import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GlobalHotkeys } from '@/app/commands/global-hotkeys';
import { commandRegistry, findCommand } from '@/app/commands/registry';
import { useArticleIndexCommands } from './article-index-commands';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let unregister: () => void;
const goToActivities = vi.fn();

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  goToActivities.mockClear();
  unregister = commandRegistry.register([
    {
      id: 'test.goActivities',
      title: 'Go to activities',
      group: 'Test',
      hotkey: 'g>a',
      run: goToActivities,
    },
  ]);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  unregister();
});

/** The article index screen's hook, as the screen mounts it. */
function ArticleIndexProbe() {
  useArticleIndexCommands({ focusSearch: () => undefined, toggleFilters: () => undefined });
  return null;
}

const app = (screen: ReactNode) =>
  createElement('div', null, [
    createElement(GlobalHotkeys, { key: 'hotkeys' }),
    createElement('div', { key: 'screen' }, screen),
  ]);

const press = (key: string) =>
  act(async () => {
    const code = `Key${key.toUpperCase()}`;
    document.dispatchEvent(new KeyboardEvent('keydown', { key, code, bubbles: true }));
    document.dispatchEvent(new KeyboardEvent('keyup', { key, code, bubbles: true }));
  });

describe('the article index hotkey scope', () => {
  it('keeps a sequence half-typed while the screen mounts ("g", mount, "a")', async () => {
    await act(async () => root.render(app(null)));
    await press('g');
    // The screen mounts between the two keys (its chunk arrived while the analyst typed).
    await act(async () => root.render(app(createElement(ArticleIndexProbe))));
    expect(findCommand(commandRegistry.list(), 'articleIndex.next')).toBeDefined();
    await press('a');
    expect(goToActivities).toHaveBeenCalledTimes(1);
  });
});
