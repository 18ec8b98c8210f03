import { SpeciesGroup } from '@domain/enums';

/** A species row of the seed: id, display name and species group (spec 001 §3). */
export interface SeedSpecies {
  readonly speciesId: number;
  readonly displayName: string;
  readonly speciesGroup: SpeciesGroup;
}

/** Species ids used by the disease table; named so the table reads well. */
export const Sp = {
  Humans: 1,
  Cattle: 2,
  Swine: 3,
  Poultry: 4,
  Sheep: 5,
  Goats: 6,
  Horses: 7,
  Dogs: 8,
  Camels: 9,
  WildBirds: 10,
  Bats: 11,
  WildBoar: 12,
  NonHumanPrimates: 13,
  Deer: 14,
  Mosquitoes: 15,
  Ticks: 16,
} as const;

const { Humans, Domesticated, WildAnimals, Vectors } = SpeciesGroup;

/** The species lookup, grouped as the species picker shows it. */
export const seedSpecies: readonly SeedSpecies[] = [
  { speciesId: Sp.Humans, displayName: 'Humans', speciesGroup: Humans },
  { speciesId: Sp.Cattle, displayName: 'Cattle', speciesGroup: Domesticated },
  { speciesId: Sp.Swine, displayName: 'Swine', speciesGroup: Domesticated },
  { speciesId: Sp.Poultry, displayName: 'Poultry', speciesGroup: Domesticated },
  { speciesId: Sp.Sheep, displayName: 'Sheep', speciesGroup: Domesticated },
  { speciesId: Sp.Goats, displayName: 'Goats', speciesGroup: Domesticated },
  { speciesId: Sp.Horses, displayName: 'Horses', speciesGroup: Domesticated },
  { speciesId: Sp.Dogs, displayName: 'Dogs', speciesGroup: Domesticated },
  { speciesId: Sp.Camels, displayName: 'Camels', speciesGroup: Domesticated },
  { speciesId: Sp.WildBirds, displayName: 'Wild birds', speciesGroup: WildAnimals },
  { speciesId: Sp.Bats, displayName: 'Bats', speciesGroup: WildAnimals },
  { speciesId: Sp.WildBoar, displayName: 'Wild boar', speciesGroup: WildAnimals },
  { speciesId: Sp.NonHumanPrimates, displayName: 'Non-human primates', speciesGroup: WildAnimals },
  { speciesId: Sp.Deer, displayName: 'Deer', speciesGroup: WildAnimals },
  { speciesId: Sp.Mosquitoes, displayName: 'Mosquitoes', speciesGroup: Vectors },
  { speciesId: Sp.Ticks, displayName: 'Ticks', speciesGroup: Vectors },
];
