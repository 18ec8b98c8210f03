import { useSyncExternalStore } from 'react';
import type { CommandId } from '@/app/commands/command-ids';

/**
 * The one command registry (excalidraw's action registry): every user intent is one command,
 * and the palette, the global hotkeys and the `?` sheet all read it. Registering a hotkey that
 * is already bound in an overlapping scope throws, as excalidraw's manager refuses a key bound
 * twice.
 */

/** What a command may look at to decide whether it applies. */
export interface CommandContext {
  /** The current `location.pathname`. */
  readonly pathname: string;
}

/** One user intent. */
export interface Command {
  /** Unique id, 'group.verb' style (e.g. 'navigation.articleIndex'). */
  readonly id: string;
  /** What the palette and the shortcut sheet show. */
  readonly title: string;
  /** Heading the palette and sheet group it under. */
  readonly group: string;
  /**
   * 'j', 'shift+j', 'alt+v', 'mod+k', 'shift+?', 'slash', 'arrowdown', 'enter', 'space', or a
   * sequence 'g>a' (src/app/commands/hotkey-binding.ts). Keys are lower case; 'mod' is Ctrl, or
   * Cmd on macOS; a symbol ('?', '/') is the character typed, whatever the layout.
   */
  readonly hotkey?: string;
  /**
   * Where the hotkey is unique: commands of different scopes may share a key (their `when`
   * tells them apart); omitted means global, which clashes with every scope.
   */
  readonly scope?: string;
  /** Extra words the palette matches. */
  readonly keywords?: readonly string[];
  /** False hides the command from the palette (e.g. 'open the palette' itself). */
  readonly inPalette?: boolean;
  /** Hotkey works inside inputs too (e.g. the palette's Ctrl/Cmd+K). */
  readonly enableInInputs?: boolean;
  /**
   * A dialog's own key (the suggestions panel's j/k): runs only while a dialog is open, where
   * the screens' keys pause.
   */
  readonly inDialog?: boolean;
  /** Enter or Space run it on a focused control too (its `when` says which control). */
  readonly onFocusedControl?: boolean;
  /** It opens a dialog: keys typed before the dialog is ready are held for it, not dropped. */
  readonly opensDialog?: boolean;
  /** When it applies; omitted means always. */
  readonly when?: (context: CommandContext) => boolean;
  /**
   * Does it. A command that moves the focus somewhere not yet on screen (`a c` focuses the new
   * row's date once it renders) returns a hold: keys typed meanwhile wait for it, not dropped.
   */
  readonly run: CommandRun;
}

/** What a command does: most return nothing, some a hold for the keys typed after them. */
export type CommandRun =
  ((context: CommandContext) => void) | ((context: CommandContext) => KeyHold);

/** Keys typed after a command wait until `ready()` (the focus has landed), then replay there. */
export interface KeyHold {
  readonly ready: () => boolean;
}

/** The scope name of commands without one. */
export const globalScope = 'global';

/** Two commands whose hotkeys would fire on the same keys in overlapping scopes. */
export interface HotkeyConflict {
  readonly hotkey: string;
  readonly first: string;
  readonly second: string;
}

const modifierOrder = ['alt', 'ctrl', 'meta', 'shift'] as const;

/** The key combinations a hotkey stands for, normalised ('mod' expands to ctrl and meta). */
export function hotkeyVariants(hotkey: string): string[] {
  const trimmed = hotkey.trim().toLowerCase();
  if (trimmed.includes('>')) {
    return [
      `seq:${trimmed
        .split('>')
        .map((key) => key.trim())
        .join('>')}`,
    ];
  }
  const parts = trimmed.split('+').map((part) => (part === 'control' ? 'ctrl' : part.trim()));
  const key = parts.filter((part) => !['alt', 'ctrl', 'meta', 'shift', 'mod'].includes(part));
  const combine = (modifiers: readonly string[]) =>
    [...modifierOrder.filter((m) => modifiers.includes(m)), ...key].join('+');
  if (!parts.includes('mod')) return [combine(parts)];
  return [combine([...parts, 'ctrl']), combine([...parts, 'meta'])];
}

/** The first key of a sequence, or null: a bare key 'g' would swallow the sequence 'g>a'. */
function sequenceStart(variant: string): string | null {
  return variant.startsWith('seq:') ? (variant.slice(4).split('>')[0] ?? null) : null;
}

function variantsClash(a: string, b: string): boolean {
  if (a === b) return true;
  return sequenceStart(a) === b || sequenceStart(b) === a;
}

function scopesOverlap(a: string | undefined, b: string | undefined): boolean {
  const left = a ?? globalScope;
  const right = b ?? globalScope;
  return left === right || left === globalScope || right === globalScope;
}

/** Every pair of commands whose hotkeys clash in overlapping scopes. */
export function findHotkeyConflicts(commands: readonly Command[]): HotkeyConflict[] {
  const conflicts: HotkeyConflict[] = [];
  const bound = commands.filter((command) => command.hotkey !== undefined);
  bound.forEach((first, i) => {
    for (const second of bound.slice(i + 1)) {
      if (!scopesOverlap(first.scope, second.scope)) continue;
      const left = hotkeyVariants(first.hotkey ?? '');
      const right = hotkeyVariants(second.hotkey ?? '');
      if (left.some((a) => right.some((b) => variantsClash(a, b)))) {
        conflicts.push({ hotkey: second.hotkey ?? '', first: first.id, second: second.id });
      }
    }
  });
  return conflicts;
}

/** A registry: a list of commands with change notification. */
export interface CommandRegistry {
  /** Adds commands; returns a function that removes them. Throws on a duplicate id or hotkey. */
  register(commands: readonly Command[]): () => void;
  /** The registered commands, in registration order (a stable array between changes). */
  list(): readonly Command[];
  /** Subscribes to changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** Creates an empty registry (the app has one, {@link commandRegistry}; tests make their own). */
export function createCommandRegistry(): CommandRegistry {
  let commands: readonly Command[] = [];
  const listeners = new Set<() => void>();
  return {
    register(added) {
      const ids = new Set(commands.map((command) => command.id));
      for (const command of added) {
        if (ids.has(command.id)) throw new Error(`Command ${command.id} is registered twice.`);
        ids.add(command.id);
      }
      const [conflict] = findHotkeyConflicts([...commands, ...added]);
      if (conflict) {
        throw new Error(
          `Hotkey ${conflict.hotkey} is bound twice: ${conflict.first} and ${conflict.second}.`,
        );
      }
      commands = [...commands, ...added];
      listeners.forEach((listener) => listener());
      return () => {
        commands = commands.filter((command) => !added.includes(command));
        listeners.forEach((listener) => listener());
      };
    },
    list: () => commands,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one registry. Features register their commands here while their screen is shown. */
export const commandRegistry = createCommandRegistry();

/** React hook: the registered commands; re-renders when they change. */
export function useCommands(): readonly Command[] {
  return useSyncExternalStore(commandRegistry.subscribe, commandRegistry.list);
}

/** The command of this id (typed from the catalogue: an id no command has does not compile). */
export function findCommand(commands: readonly Command[], id: CommandId): Command | undefined {
  return commands.find((command) => command.id === id);
}

/** True when the command applies in this context. */
export function isCommandAvailable(command: Command, context: CommandContext): boolean {
  return command.when ? command.when(context) : true;
}
