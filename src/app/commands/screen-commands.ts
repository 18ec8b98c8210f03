import type { Command, CommandContext, KeyHold } from '@/app/commands/registry';

/** Where a screen's commands live: id prefix, palette group, hotkey scope, and when they apply. */
export interface ScreenCommandSettings {
  readonly idPrefix: string;
  readonly group: string;
  readonly scope: string;
  readonly when: (context: CommandContext) => boolean;
}

/** Builds one screen command: `id` becomes `{idPrefix}.{id}`; `extra` overrides the settings. */
export type ScreenCommand = (
  id: string,
  title: string,
  hotkey: string,
  run: (() => void) | (() => KeyHold),
  extra?: Partial<Command>,
) => Command;

/** One factory for every screen's command list, so screens only say what differs. */
export function screenCommandFactory(settings: ScreenCommandSettings): ScreenCommand {
  return (id, title, hotkey, run, extra = {}) => ({
    id: `${settings.idPrefix}.${id}`,
    title,
    group: settings.group,
    hotkey,
    scope: settings.scope,
    when: settings.when,
    run,
    ...extra,
  });
}

/** Hidden from the palette: the arrow-key twins of j/k. */
export const hiddenFromPalette = { inPalette: false } as const;
