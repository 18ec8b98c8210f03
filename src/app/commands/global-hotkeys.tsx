import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { HotkeysProvider, useHotkeys, type HotkeyCallback, type Options } from 'react-hotkeys-hook';
import { getLocation } from '@/app/router';
import { isKeyOwningControl, isTypingTarget } from '@/app/commands/focus-targets';
import { hotkeyBinding, type KeyMatcher } from '@/app/commands/hotkey-binding';
import { createKeyHolder, focusedReadyDialog, type KeyHolder } from '@/app/commands/key-hold';
import {
  commandRegistry,
  globalScope,
  type Command,
  type CommandContext,
  type CommandRegistry,
} from '@/app/commands/registry';
import { overlayStore } from '@/ui/overlay-store';

/**
 * The key layer (decision 0063): the one command registry feeds react-hotkeys-hook. Each hotkey
 * scope of the registry (a screen's commands, or the shell's 'global') is one `useHotkeys` set
 * under the library's `HotkeysProvider`, sequences in its `>` syntax; a screen that registers its
 * commands re-binds only its own scope, so a sequence half-typed in another ('g' of 'g a') is
 * kept. The rules the library leaves to the caller are applied in one place ({@link mayRun}):
 * - Enter and Space on a focused control are the control's (a button's click), never a command's;
 * - printable keys in a text field are text, unless the command works in inputs (Alt+V);
 * - while a dialog is open only commands that work in inputs, or the dialog's own, run;
 * - a key another handler already took (`defaultPrevented`) is not a command's.
 * Keys typed while a dialog opens are held and replayed by the thin layer in key-hold.ts.
 */

export interface GlobalHotkeysProps {
  /** The registry read (the app's one, unless a test gives its own). */
  readonly registry?: CommandRegistry;
  readonly context?: () => CommandContext;
  readonly dialogOpen?: () => boolean;
}

interface Settings {
  readonly context: () => CommandContext;
  readonly dialogOpen: () => boolean;
  readonly holder: KeyHolder;
}

/** True when the command may take this key (the rules above), `when` aside. */
export function mayRun(command: Command, event: KeyboardEvent, dialogOpen: boolean): boolean {
  if (event.defaultPrevented || event.isComposing) return false;
  const plain = !event.altKey && !event.ctrlKey && !event.metaKey;
  const activation = plain && (event.key === 'Enter' || event.key === ' ');
  if (activation && command.onFocusedControl !== true && isKeyOwningControl(event.target)) {
    return false;
  }
  if (command.enableInInputs === true) return true;
  if (isTypingTarget(event.target)) return false;
  return command.inDialog === true ? dialogOpen : !dialogOpen;
}

/** A key the library matched without looking at modifiers must not be a chord (Ctrl+/, Ctrl+G). */
function unmodified(event: KeyboardEvent): boolean {
  const altGraph =
    typeof event.getModifierState === 'function' && event.getModifierState('AltGraph');
  return altGraph || (!event.altKey && !event.ctrlKey && !event.metaKey);
}

/** Runs the command for the key; holds the keys typed next if it opens a dialog or says so. */
function runCommand(command: Command, event: KeyboardEvent, settings: Settings): void {
  event.preventDefault();
  const context = settings.context();
  // Only a dialog opened from none is waited for (Ctrl+K again closes the palette).
  const opening = command.opensDialog === true && !settings.dialogOpen();
  const hold = command.run(context);
  if (opening) void settings.holder.holdUntil(focusedReadyDialog);
  else if (hold) void settings.holder.holdUntil(hold.ready);
}

/** The options of one matcher (hotkey-binding.ts says what each reads). */
function matcherOptions(matcher: KeyMatcher, scope: string, keys: readonly string[]): Options {
  const typed = matcher !== 'physical';
  return {
    scopes: scope,
    enabled: keys.length > 0,
    // Which fields and dialogs a key may act in is mayRun's, one rule for every command.
    enableOnFormTags: true,
    enableOnContentEditable: true,
    useKey: typed,
    ignoreModifiers: matcher === 'symbol',
    sequenceTimeoutMs: 1000,
    // A completed sequence runs before the screens' single keys see its last key.
    ...(matcher === 'sequence' ? { eventListenerOptions: { capture: true } } : {}),
  };
}

/** One matcher's `useHotkeys` for one scope. */
function useMatcherHotkeys(
  matcher: KeyMatcher,
  scope: string,
  commands: readonly Command[],
  settings: Settings,
): void {
  const byKeys = useMemo(() => {
    const map = new Map<string, Command[]>();
    for (const command of commands) {
      if (command.hotkey === undefined) continue;
      const binding = hotkeyBinding(command.hotkey);
      if (binding.matcher !== matcher) continue;
      map.set(binding.keys, [...(map.get(binding.keys) ?? []), command]);
    }
    return map;
  }, [commands, matcher]);
  const keys = [...byKeys.keys()];
  const onKey: HotkeyCallback = (event, { hotkey }) => {
    if (matcher !== 'typed' && matcher !== 'physical' && !unmodified(event)) return;
    const dialogOpen = settings.dialogOpen();
    const context = settings.context();
    const command = byKeys
      .get(hotkey)
      ?.find(
        (candidate) => mayRun(candidate, event, dialogOpen) && (candidate.when?.(context) ?? true),
      );
    if (command) runCommand(command, event, settings);
  };
  useHotkeys(keys, onKey, matcherOptions(matcher, scope, keys));
}

/** The hotkeys of one scope: a screen's commands, or the shell's. */
function ScopeHotkeys(props: {
  readonly scope: string;
  readonly commands: readonly Command[];
  readonly settings: Settings;
}) {
  const { scope, commands, settings } = props;
  // One call per matcher, always in the same order (rules of hooks).
  useMatcherHotkeys('sequence', scope, commands, settings);
  useMatcherHotkeys('typed', scope, commands, settings);
  useMatcherHotkeys('symbol', scope, commands, settings);
  useMatcherHotkeys('physical', scope, commands, settings);
  return null;
}

/** The registry's commands by hotkey scope, in registration order. */
function byScope(commands: readonly Command[]): [string, Command[]][] {
  const scopes = new Map<string, Command[]>();
  for (const command of commands) {
    if (command.hotkey === undefined) continue;
    const scope = command.scope ?? globalScope;
    scopes.set(scope, [...(scopes.get(scope) ?? []), command]);
  }
  return [...scopes];
}

const appContext = (): CommandContext => ({ pathname: getLocation().pathname });
const appDialogOpen = () => overlayStore.open > 0;

/** The registry's hotkeys while the signed-in shell is up (see the file's comment). */
export function GlobalHotkeys({
  registry = commandRegistry,
  context = appContext,
  dialogOpen = appDialogOpen,
}: GlobalHotkeysProps) {
  const commands = useSyncExternalStore(registry.subscribe, registry.list);
  const holder = useMemo(createKeyHolder, []);
  useEffect(() => holder.install(window), [holder]);
  const settings = useMemo(() => ({ context, dialogOpen, holder }), [context, dialogOpen, holder]);
  const scopes = useMemo(() => byScope(commands), [commands]);
  // Said once the shell's keys are bound (children's effects ran first), so a test or a script
  // that types right after a page load knows its keys will be heard.
  const globalBound = scopes.some(([scope]) => scope === globalScope);
  useEffect(() => {
    if (!globalBound) return;
    document.documentElement.dataset['hotkeys'] = 'bound';
    return () => {
      delete document.documentElement.dataset['hotkeys'];
    };
  }, [globalBound]);
  return (
    <HotkeysProvider>
      {scopes.map(([scope, list]) => (
        <ScopeHotkeys key={scope} scope={scope} commands={list} settings={settings} />
      ))}
    </HotkeysProvider>
  );
}
