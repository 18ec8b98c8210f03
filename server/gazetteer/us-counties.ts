import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The names of the United States' counties (and county equivalents: Louisiana's parishes,
 * Alaska's boroughs, Virginia's independent cities), from us-atlas (ISC licence; the Census
 * Bureau’s 2017 cartographic county boundaries, public domain): 3,153 counties, 1,843 names.
 * Puerto Rico's municipios (state code 72) are left out: Puerto Rico is a country of its own in
 * ISO 3166-1, and its municipios are not called counties. The gazetteer has no counties (its
 * places are countries, first-level divisions and cities of 15,000+), so the tagger reads
 * '<name> County' with these (decision 0089).
 */
export function usCountyNames(): string[] {
  const path = createRequire(import.meta.url).resolve('us-atlas/counties-10m.json');
  const topology = JSON.parse(readFileSync(path, 'utf8')) as {
    objects?: { counties?: { geometries?: { id?: string; properties?: { name?: string } }[] } };
  };
  const names = new Set<string>();
  for (const g of topology.objects?.counties?.geometries ?? []) {
    const name = g.properties?.name;
    if (name && !String(g.id ?? '').startsWith('72')) names.add(name);
  }
  return [...names].sort();
}
