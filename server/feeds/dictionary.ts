import { inArray } from 'drizzle-orm';
import { LocationType } from '@domain/enums';
import type { TaggingDictionary } from '@domain/feeds/tagger';
import type { Db } from '../db/client';
import { usCountyNames } from '../gazetteer/us-counties';
import { contextTags, diseases, locations } from '../db/schema';

/**
 * The tagging dictionary from the lookups and the gazetteer (duplicates left out). A country's
 * ISO code (`iso_code`, issue 29) keys its names in five languages (tagger-country-names.ts).
 */
export async function loadTaggingDictionary(db: Db): Promise<TaggingDictionary> {
  const diseaseRows = await db
    .select({ diseaseId: diseases.diseaseId, displayName: diseases.displayName })
    .from(diseases);
  const placeRows = await db
    .select({
      id: locations.id,
      name: locations.name,
      locationType: locations.locationType,
      countryId: locations.countryId,
      population: locations.population,
      isDuplicate: locations.isDuplicate,
      isoCode: locations.isoCode,
    })
    .from(locations)
    .where(
      inArray(locations.locationType, [
        LocationType.City,
        LocationType.State,
        LocationType.Country,
      ]),
    );
  const tagRows = await db
    .select({ id: contextTags.id, displayName: contextTags.displayName })
    .from(contextTags);
  const places = placeRows.filter((p) => !p.isDuplicate);
  const unitedStates = places.find(
    (p) => p.locationType === LocationType.Country && p.isoCode === 'US',
  );
  return {
    diseases: diseaseRows,
    places,
    contextTags: tagRows,
    // The gazetteer has no counties; the tagger reads '<name> County' with the United States'
    // county names (decision 0089).
    counties: unitedStates
      ? usCountyNames().map((name) => ({ name, countryId: unitedStates.id }))
      : [],
  };
}
