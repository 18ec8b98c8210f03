import type { CountryShape } from '@/domain/geo/points';
import { asWorldTopology, countryShapes } from '@/domain/geo/world';

let shapesLoad: Promise<CountryShape[]> | undefined;

/** world-atlas's countries, fetched as their own chunk the first time a map shows. */
export function loadWorldShapes(): Promise<CountryShape[]> {
  shapesLoad ??= import('world-atlas/countries-110m.json').then((m) =>
    countryShapes(asWorldTopology(m.default)),
  );
  shapesLoad.catch(() => {
    shapesLoad = undefined;
  });
  return shapesLoad;
}
