import { seedDiseases } from '../data/diseases';
import type { Rng } from '../prng';
import type { GeneratedLocations } from './locations';

/** The identity of a disease activity: a disease in a country affecting a species. */
export interface Triple {
  readonly diseaseId: number;
  readonly countryId: number;
  readonly speciesId: number;
}

/**
 * `count` unique (disease, country, species) triples: mostly a disease in a country where it is
 * usually reported, in its usual species; then its other species; then any seeded country.
 */
export function pickTriples(rng: Rng, places: GeneratedLocations, count: number): Triple[] {
  const usual: Triple[] = [];
  const other: Triple[] = [];
  for (const d of seedDiseases) {
    for (const iso of d.countries) {
      const place = places.byIso2.get(iso);
      if (place === undefined) continue;
      d.speciesIds.forEach((speciesId, i) =>
        (i === 0 ? usual : other).push({
          diseaseId: d.diseaseId,
          countryId: place.row.id,
          speciesId,
        }),
      );
    }
  }
  const chosen = new Map<string, Triple>();
  const add = (t: Triple) => {
    const key = `${t.diseaseId}:${t.countryId}:${t.speciesId}`;
    if (!chosen.has(key) && chosen.size < count) chosen.set(key, t);
  };
  for (const t of rng.sample(usual, Math.ceil(count * 0.75))) add(t);
  for (const t of rng.sample(other, count - chosen.size)) add(t);
  for (const t of rng.sample(usual, count - chosen.size)) add(t);
  const maxTriples =
    seedDiseases.reduce((n, d) => n + d.speciesIds.length, 0) * places.countries.length;
  if (count > maxTriples)
    throw new Error(`seed: at most ${maxTriples} disease activities can be unique`);
  while (chosen.size < count) {
    const d = rng.pick(seedDiseases);
    add({
      diseaseId: d.diseaseId,
      countryId: rng.pick(places.countries).row.id,
      speciesId: rng.pick(d.speciesIds),
    });
  }
  return [...chosen.values()];
}
