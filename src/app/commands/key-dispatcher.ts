import type { Command, CommandContext } from '@/app/commands/registry';
import { isKeyOwningControl, isTypingTarget } from '@/app/commands/focus-targets';
import {
  isModifierPress,
  parseHotkey,
  pressedKey,
  stepMatches,
  type KeyPress,
  type KeyStep,
} from '@/app/commands/key-match';

/**
 * The one global key handler: a single keydown listener that reads the registry at each key, so
 * a screen registering its commands never re-binds listeners (which dropped half-typed sequences)
 * and every rule below is applied once:
 * - Enter and Space on a focused control are the control's (a button's click), never a command's;
 * - printable keys in a text field are text, unless the command works in inputs (Alt+V);
 * - while a dialog is open only commands that work in inputs run;
 * - after a command that opens a dialog, keys typed before the dialog has focus and its first
 *   answer (`g d` then Enter at once) are held and replayed into it, not dropped; so are keys
 *   typed after a command that returns a hold (`a c` then a date, before the new row renders).
 */

/** How long a half-typed sequence ('g' of 'g a') waits for its next key. */
export const sequenceTimeoutMs = 1000;
/** How long keys are held for a dialog (or a focus) that does not show up. */
export const holdTimeoutMs = 2000;

export interface KeyDispatcherOptions {
  readonly commands: () => readonly Command[];
  readonly context: () => CommandContext;
  readonly dialogOpen: () => boolean;
}

interface Bound {
  readonly command: Command;
  readonly steps: readonly KeyStep[];
}

const pressOf = (event: KeyboardEvent): KeyPress => ({
  key: event.key,
  code: event.code,
  altKey: event.altKey,
  ctrlKey: event.ctrlKey,
  metaKey: event.metaKey,
  shiftKey: event.shiftKey,
  altGraph: typeof event.getModifierState === 'function' && event.getModifierState('AltGraph'),
});

/** The dialog the focus is in, once it is ready for keys (focused and not loading). */
function focusedReadyDialog(): boolean {
  const active = document.activeElement;
  const dialog = active?.closest('[role="dialog"]');
  return (
    dialog !== null && dialog !== undefined && dialog.querySelector('[aria-busy="true"]') === null
  );
}

function setFieldValue(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  // React tracks the value it set: the prototype's setter plus an input event is a user's edit.
  const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Replays a held key where the focus now is. The field sees the keydown first, so what it
 * refuses (a letter in a date) stays out, as when typed.
 */
function replay(press: KeyPress): void {
  const target = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  if (target === null) return;
  const init = { ...press, bubbles: true, cancelable: true };
  const proceed = target.dispatchEvent(new KeyboardEvent('keydown', init));
  const printable = press.key.length === 1 && !press.ctrlKey && !press.metaKey && !press.altKey;
  if (
    printable &&
    (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) &&
    isTypingTarget(target)
  ) {
    // The keydown may have moved the focus or rewritten the value ('t' is today in a date).
    if (proceed && document.activeElement === target)
      setFieldValue(target, target.value + press.key);
    target.dispatchEvent(new KeyboardEvent('keyup', init));
    return;
  }
  target.dispatchEvent(new KeyboardEvent('keyup', init));
  const activates = press.key === 'Enter' || (press.key === ' ' && !isTypingTarget(target));
  if (proceed && activates && !isTypingTarget(target) && isKeyOwningControl(target)) {
    target.click();
  }
}

/** Creates the handler; `install` attaches it to a document and returns the detach function. */
export function createKeyDispatcher(options: KeyDispatcherOptions) {
  let pending: KeyPress[] = [];
  let pendingTimer: ReturnType<typeof setTimeout> | undefined;
  let held: KeyPress[] | null = null;

  const clearPending = () => {
    pending = [];
    clearTimeout(pendingTimer);
  };

  const holdUntil = (ready: () => boolean) => {
    if (ready()) return;
    held = [];
    const started = Date.now();
    const poll = () => {
      if (held === null) return;
      if (!ready() && Date.now() - started < holdTimeoutMs) {
        setTimeout(poll, 16);
        return;
      }
      const keys = held;
      held = null;
      keys.forEach(replay);
    };
    setTimeout(poll, 16);
  };

  const run = (command: Command, context: CommandContext, event: KeyboardEvent) => {
    event.preventDefault();
    clearPending();
    // Only a dialog opened from none is waited for (Ctrl+K again closes the palette).
    const opening = command.opensDialog === true && !options.dialogOpen();
    const hold = command.run(context);
    if (opening) holdUntil(focusedReadyDialog);
    else if (hold) holdUntil(hold.ready);
  };

  /** Capture phase: while holding, every key waits for the dialog. */
  const onHoldCapture = (event: KeyboardEvent) => {
    if (held === null || isModifierPress(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(pressOf(event));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing || isModifierPress(event)) return;
    const press = pressOf(event);
    const plainKey = !press.altKey && !press.ctrlKey && !press.metaKey;
    const activation = plainKey && ['enter', 'space'].includes(pressedKey(press));
    if (activation && isKeyOwningControl(event.target)) {
      clearPending();
      return;
    }
    const typing = isTypingTarget(event.target);
    const dialogOpen = options.dialogOpen();
    const context = options.context();
    const bound: Bound[] = options
      .commands()
      .filter(
        (command) =>
          command.hotkey !== undefined &&
          (command.enableInInputs === true || (!typing && !dialogOpen)) &&
          (command.when ? command.when(context) : true),
      )
      .map((command) => ({ command, steps: parseHotkey(command.hotkey ?? '') }));

    // A sequence continued, completed, or started.
    const typed = [...pending, press];
    const sequenceMatch = (presses: readonly KeyPress[]) =>
      bound.filter(
        ({ steps }) =>
          steps.length > 1 &&
          presses.length <= steps.length &&
          presses.every((p, i) => {
            const step = steps[i];
            return step !== undefined && stepMatches(step, p);
          }),
      );
    for (const attempt of pending.length > 0 ? [typed, [press]] : [[press]]) {
      const matches = sequenceMatch(attempt);
      const complete = matches.find(({ steps }) => steps.length === attempt.length);
      if (complete) return run(complete.command, context, event);
      if (matches.length > 0) {
        event.preventDefault();
        clearPending();
        pending = attempt;
        pendingTimer = setTimeout(clearPending, sequenceTimeoutMs);
        return;
      }
    }
    clearPending();
    const single = bound.find(({ steps }) => {
      const [step] = steps;
      return steps.length === 1 && step !== undefined && stepMatches(step, press);
    });
    if (single) run(single.command, context, event);
  };

  return {
    install(target: Document): () => void {
      const view = target.defaultView;
      view?.addEventListener('keydown', onHoldCapture, true);
      target.addEventListener('keydown', onKeyDown);
      return () => {
        view?.removeEventListener('keydown', onHoldCapture, true);
        target.removeEventListener('keydown', onKeyDown);
        clearPending();
        held = null;
      };
    },
  };
}
