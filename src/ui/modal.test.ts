// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function renderModal(handlers: { onCancel: () => void; onSave: () => void }) {
  await act(async () => {
    root.render(
      createElement(Modal, {
        open: true,
        title: 'Edit overview',
        children: 'Body text',
        ...handlers,
      }),
    );
  });
}

const dialog = () => document.querySelector('[role="dialog"]');
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name);

describe('shared modal (spec 000 §2)', () => {
  it('does not close on Escape or on a click outside', async () => {
    const onCancel = vi.fn();
    await renderModal({ onCancel, onSave: vi.fn() });
    expect(dialog()?.textContent).toContain('Body text');
    await act(async () => {
      document.activeElement?.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
      );
      document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(dialog()).not.toBeNull();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows only the buttons it is given, and they act', async () => {
    const onCancel = vi.fn();
    const onSave = vi.fn();
    await renderModal({ onCancel, onSave });
    expect(button('Delete')).toBeUndefined();
    expect(button('Submit')).toBeUndefined();
    await act(async () => button('Save')?.click());
    await act(async () => button('Cancel')?.click());
    expect(onSave).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('opens on its primary action when it has no field (a confirmation)', async () => {
    await act(async () => {
      root.render(
        createElement(Modal, {
          open: true,
          title: 'Mark all as read',
          children: 'Mark 12 articles read?',
          onCancel: vi.fn(),
          onSubmit: vi.fn(),
          labels: { submit: 'Mark read' },
        }),
      );
    });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.activeElement?.textContent).toBe('Mark read');
  });

  const form = (busy: boolean) =>
    createElement(Modal, {
      open: true,
      title: 'Create',
      children: [
        createElement('p', { key: 'p' }, 'Intro'),
        createElement('input', { key: 'name', 'aria-label': 'Name' }),
        createElement('input', { key: 'other', 'aria-label': 'Other' }),
      ],
      onCancel: vi.fn(),
      onSubmit: vi.fn(),
      busy,
    });

  it('opens a form on its first field and keeps the focus in it across a request', async () => {
    await act(async () => root.render(form(false)));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Name');
    button('Submit')?.focus();
    // Submitting disables every button (the focused one loses the focus); a 409 comes back.
    await act(async () => root.render(form(true)));
    (document.activeElement as HTMLElement | null)?.blur();
    await act(async () => root.render(form(false)));
    expect(document.activeElement?.textContent).toBe('Submit');
  });
});
