import { getEngine } from '@/app/engine';
import { locationTypeLabel } from '@/domain/enums';
import { isLocationSearchable, locationPickerDebounceMs } from '@/domain/location-search';
import { SearchPicker } from '@/ui/search-picker';
import type { LocationHit } from '../../../../workers/location-search/location-search-api';

/** A traveller entry's origin as the draft holds it. */
export interface PickedOrigin {
  readonly id: number;
  readonly displayName: string;
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
      placeholder="Origin (3+ letters)"
      hint="Type at least 3 characters."
      disabled={disabled}
    />
  );
}
