import { useEffect } from 'react';
import { commandRegistry, type Command, type CommandContext } from '@/app/commands/registry';
import { hiddenFromPalette, screenCommandFactory } from '@/app/commands/screen-commands';
import { matchRoute } from '@/app/routes';
import {
  enterMapSelection,
  leaveMapActivities,
  moveMapSelection,
  nextMapWindow,
  toggleMapMeasure,
} from './map-store';

const onMap = ({ pathname }: CommandContext) => matchRoute(pathname).id === 'map';

/** The map screen's keys (issue 19): j/k walk the ranked list, Enter opens, Escape goes back. */
export function mapCommands(): Command[] {
  const command = screenCommandFactory({
    idPrefix: 'map',
    group: 'Map',
    scope: 'map',
    when: onMap,
  });
  return [
    command('next', 'Next country (or activity)', 'j', () => moveMapSelection(1), {
      keywords: ['down'],
    }),
    command('previous', 'Previous country (or activity)', 'k', () => moveMapSelection(-1), {
      keywords: ['up'],
    }),
    command('nextArrow', 'Next country', 'arrowdown', () => moveMapSelection(1), hiddenFromPalette),
    command(
      'previousArrow',
      'Previous country',
      'arrowup',
      () => moveMapSelection(-1),
      hiddenFromPalette,
    ),
    command('open', "Open the country's activities (or the activity)", 'enter', enterMapSelection),
    command('back', 'Back to the countries', 'escape', leaveMapActivities),
    command('measure', 'Shade by active activities / new cases', 'm', toggleMapMeasure, {
      keywords: ['measure', 'cases', 'activities', 'shade'],
    }),
    command('window', 'New cases window: 7, 14, 30, 90 days', 'w', nextMapWindow, {
      keywords: ['days', 'period', 'window'],
    }),
  ];
}

/** Registers the map's commands while the screen is shown. */
export function useMapCommands(): void {
  useEffect(() => commandRegistry.register(mapCommands()), []);
}
