import type { KeyboardEvent } from 'react';
import { getEngine } from '@/app/engine';
import { locationTypeLabel } from '@/domain/enums';
import { isLocationSearchable, locationPickerDebounceMs } from '@/domain/location-search';
import { SearchPicker } from '@/ui/search-picker';
import type { LocationHit } from '@workers/location-search/location-search-contract';
import { gridCellAttribute, moveFromCell, moveInGrid } from './grid-keys';

/** A traveller entry's origin as the draft holds it. */
export interface PickedOrigin {
  readonly id: number;
  readonly displayName: string;
}

/**
 * The origin's keys as a cell of the entries grid. The picker's own come first while its list is
 * open: Escape closes the list, Enter on an active option chooses it (and then moves on, like a
 * choice in a form). Otherwise the grid's: Enter moves on, Shift+Enter back, Escape leaves the
 * field for its row, where the screen's keys work again.
 */
export function originKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
  const input = event.currentTarget;
  const open = input.getAttribute('aria-expanded') === 'true';
  const plain = !event.altKey && !event.ctrlKey && !event.metaKey;
  if (!plain || (event.key !== 'Enter' && event.key !== 'Escape')) return;
  if (event.key === 'Escape') {
    if (!open) moveInGrid(event);
    return;
  }
  if (open && input.hasAttribute('aria-activedescendant')) {
    const step = event.shiftKey ? -1 : 1;
    // After the picker has taken the option (its handler runs after this one).
    setTimeout(() => {
      if (document.activeElement === input) moveFromCell(input, step);
    }, 0);
    return;
  }
  moveInGrid(event);
}

/**
 * The traveller entry's origin (spec 001 §3 originId / originLocation): a location picker on
 * the traveller locations search (spec 000 §7: most populous first, no duplicates, the entry's
 * own location excluded), from 3 characters, 500 ms after the last key (spec 000 §5).
 */
export function TravellerOriginPicker({
  travellerLocationId,
  value,
  onChange,
  disabled,
}: {
  readonly travellerLocationId: number;
  readonly value: PickedOrigin | null;
  readonly onChange: (origin: PickedOrigin | null) => void;
  readonly disabled: boolean;
}) {
  return (
    <SearchPicker<PickedOrigin & Partial<LocationHit>>
      label="Origin"
      value={value}
      onChange={(hit) =>
        onChange(hit === null ? null : { id: hit.id, displayName: hit.displayName })
      }
      search={async (text) => {
        const answer = await getEngine().searchTravellerLocations(text, travellerLocationId);
        return { items: answer.locations, error: answer.error };
      }}
      searchable={isLocationSearchable}
      debounceMs={locationPickerDebounceMs}
      keyOf={(l) => l.id}
      labelOf={(l) => l.displayName}
      detailOf={(l) =>
        l.locationType === undefined ? '' : (locationTypeLabel[l.locationType] ?? '')
      }
      inputAttributes={{ [gridCellAttribute]: '' }}
      onKeyDown={originKeyDown}
      placeholder="Origin (3+ letters)"
      hint="Type at least 3 characters."
      disabled={disabled}
    />
  );
}
