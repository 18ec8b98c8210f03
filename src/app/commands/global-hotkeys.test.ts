// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GlobalHotkeys } from './global-hotkeys';
import { createCommandRegistry, type Command, type CommandRegistry } from './registry';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let registry: CommandRegistry;
let root: Root;
let dialogOpen = false;
const context = () => ({ pathname: '/activity' });
const isDialogOpen = () => dialogOpen;

/** Registers commands as a screen does (the key layer re-renders inside act). */
const register = (commands: readonly Command[]) =>
  act(() => {
    registry.register(commands);
  });

beforeEach(() => {
  registry = createCommandRegistry();
  dialogOpen = false;
  const host = document.createElement('div');
  document.documentElement.append(host);
  root = createRoot(host);
  act(() =>
    root.render(createElement(GlobalHotkeys, { registry, context, dialogOpen: isDialogOpen })),
  );
});

afterEach(() => {
  act(() => root.unmount());
  document.documentElement.querySelectorAll(':scope > div').forEach((host) => host.remove());
  document.body.replaceChildren();
  vi.useRealTimers();
});

const command = (hotkey: string, extra: Partial<Command> = {}): Command => ({
  id: `test.${hotkey}`,
  title: hotkey,
  group: 'Test',
  hotkey,
  run: vi.fn<Command['run']>(),
  ...extra,
});

interface Press {
  readonly key: string;
  readonly code?: string;
  readonly shiftKey?: boolean;
  readonly altKey?: boolean;
  readonly ctrlKey?: boolean;
}

/** Presses a key on the focused element (as the browser does); returns the keydown event. */
function press({
  key,
  code,
  shiftKey = false,
  altKey = false,
  ctrlKey = false,
}: Press): KeyboardEvent {
  const target = document.activeElement ?? document.body;
  const init = {
    key,
    code: code ?? '',
    shiftKey,
    altKey,
    ctrlKey,
    bubbles: true,
    cancelable: true,
  };
  const event = new KeyboardEvent('keydown', init);
  target.dispatchEvent(event);
  target.dispatchEvent(new KeyboardEvent('keyup', init));
  return event;
}

const letter = (key: string): Press => ({ key, code: `Key${key.toUpperCase()}` });

function focused<T extends HTMLElement>(element: T): T {
  document.body.append(element);
  element.focus();
  return element;
}

describe('the key layer (react-hotkeys-hook fed by the registry)', () => {
  it('leaves Enter and Space on a focused button to the button', () => {
    const open = command('enter');
    register([open]);
    const button = focused(document.createElement('button'));
    expect(press({ key: 'Enter', code: 'Enter' }).defaultPrevented).toBe(false);
    expect(press({ key: ' ', code: 'Space' }).defaultPrevented).toBe(false);
    expect(open.run).not.toHaveBeenCalled();
    button.blur();
    expect(press({ key: 'Enter', code: 'Enter' }).defaultPrevented).toBe(true);
    expect(open.run).toHaveBeenCalledOnce();
  });

  it('leaves Enter on a link and Space on a checkbox to them', () => {
    const open = command('enter');
    register([open]);
    const link = document.createElement('a');
    link.href = '/article';
    focused(link);
    expect(press({ key: 'Enter', code: 'Enter' }).defaultPrevented).toBe(false);
    const box = document.createElement('input');
    box.type = 'checkbox';
    focused(box);
    expect(press({ key: ' ', code: 'Space' }).defaultPrevented).toBe(false);
    expect(open.run).not.toHaveBeenCalled();
  });

  it('reads / and ? from the character typed, whatever the layout', () => {
    const search = command('slash');
    const help = command('shift+?');
    register([search, help]);
    // German layout: '/' is Shift+7; French AZERTY: '?' is Shift+, (code Comma is 'm' on US).
    press({ key: '/', code: 'Digit7', shiftKey: true });
    press({ key: '?', code: 'KeyM', shiftKey: true });
    expect(search.run).toHaveBeenCalledOnce();
    expect(help.run).toHaveBeenCalledOnce();
  });

  it('matches Alt+V from the physical key (macOS types √) and in a text field', () => {
    const validate = command('alt+v', { enableInInputs: true });
    const next = command('j');
    register([validate, next]);
    focused(document.createElement('input'));
    press({ key: '√', code: 'KeyV', altKey: true });
    press(letter('j'));
    expect(validate.run).toHaveBeenCalledOnce();
    expect(next.run).not.toHaveBeenCalled();
  });

  it('runs only commands that work in inputs while a dialog is open', () => {
    const next = command('j');
    const palette = command('mod+k', { enableInInputs: true });
    register([next, palette]);
    dialogOpen = true;
    press(letter('j'));
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ctrlKey: true, bubbles: true }),
    );
    expect(next.run).not.toHaveBeenCalled();
    expect(palette.run).toHaveBeenCalledOnce();
  });

  it('keeps a sequence across a registration between its keys', () => {
    const go = command('g>a');
    register([go]);
    press(letter('g'));
    register([command('j')]);
    press(letter('a'));
    expect(go.run).toHaveBeenCalledOnce();
  });

  it('starts a sequence again after a wrong key (g x g a)', () => {
    const go = command('g>a');
    register([go]);
    for (const key of ['g', 'x', 'g', 'a']) press(letter(key));
    expect(go.run).toHaveBeenCalledOnce();
  });

  it('holds Enter typed right after "g d" until the dialog it opens is ready', async () => {
    const chosen = vi.fn();
    // The dialog arrives late (a lazy chunk), and its list is still loading at first.
    const openFinder = () => {
      setTimeout(() => {
        const dialog = document.createElement('div');
        dialog.setAttribute('role', 'dialog');
        const input = document.createElement('input');
        const list = document.createElement('div');
        list.setAttribute('aria-busy', 'true');
        input.addEventListener('keydown', (event) => {
          if (event.key === 'Enter') chosen(input.value);
        });
        dialog.append(input, list);
        document.body.append(dialog);
        input.focus();
        setTimeout(() => list.setAttribute('aria-busy', 'false'), 60);
      }, 80);
    };
    register([command('g>d', { opensDialog: true, run: openFinder })]);
    press(letter('g'));
    press(letter('d'));
    press(letter('f'));
    press(letter('l'));
    press({ key: 'Enter', code: 'Enter' });
    await vi.waitFor(() => expect(chosen).toHaveBeenCalledWith('fl'), { timeout: 1000 });
  });

  it('holds keys typed after a command until the focus it moves lands, then types them there', async () => {
    // As `a c`: the new row's date box renders a few frames later and takes the focus.
    let box: HTMLInputElement | null = null;
    const addRow = () => {
      setTimeout(() => {
        box = document.createElement('input');
        box.id = 'new-date';
        // The box refuses letters, as the date cell does.
        box.addEventListener('keydown', (event) => {
          if (/^[a-z]$/i.test(event.key)) event.preventDefault();
        });
        document.body.append(box);
        box.focus();
      }, 80);
      return { ready: () => document.activeElement?.id === 'new-date' };
    };
    const next = vi.fn<Command['run']>();
    register([command('a>c', { run: addRow }), command('j', { run: next })]);
    press(letter('a'));
    press(letter('c'));
    for (const key of ['2', '0', 'j', '2', '6']) press({ key, code: '' });
    await vi.waitFor(() => expect(box?.value).toBe('2026'), { timeout: 1000 });
    expect(next).not.toHaveBeenCalled();
  });
});

describe('the key layer, what react-hotkeys-hook is given', () => {
  it("runs a completed sequence rather than a screen's key on its last key (g n)", () => {
    const settings = command('g>n');
    const readAndNext = command('n', { id: 'screen.n', scope: 'screen' });
    register([settings, readAndNext]);
    press(letter('g'));
    press(letter('n'));
    expect(settings.run).toHaveBeenCalledOnce();
    expect(readAndNext.run).not.toHaveBeenCalled();
    press(letter('n'));
    expect(readAndNext.run).toHaveBeenCalledOnce();
  });

  it("runs a dialog's own keys only while a dialog is open", () => {
    const next = command('j', { inDialog: true });
    register([next]);
    press(letter('j'));
    expect(next.run).not.toHaveBeenCalled();
    dialogOpen = true;
    press(letter('j'));
    expect(next.run).toHaveBeenCalledOnce();
  });

  it('leaves a key another handler took to it, and a key whose `when` is false', () => {
    const next = command('j', { when: ({ pathname }) => pathname === '/activity' });
    const elsewhere = command('k', { when: () => false });
    register([next, elsewhere]);
    const div = document.createElement('div');
    div.tabIndex = 0;
    const owner = focused(div);
    owner.addEventListener('keydown', (event) => event.preventDefault());
    press(letter('j'));
    expect(next.run).not.toHaveBeenCalled();
    owner.remove();
    press(letter('j'));
    press(letter('k'));
    expect(next.run).toHaveBeenCalledOnce();
    expect(elsewhere.run).not.toHaveBeenCalled();
  });

  it('does not take Ctrl+/ for / nor Ctrl+G, A for g a', () => {
    const search = command('slash');
    const go = command('g>a');
    register([search, go]);
    press({ key: '/', code: 'Slash', ctrlKey: true });
    press({ key: 'g', code: 'KeyG' });
    press({ key: 'a', code: 'KeyA', ctrlKey: true });
    expect(search.run).not.toHaveBeenCalled();
    expect(go.run).not.toHaveBeenCalled();
  });
});
