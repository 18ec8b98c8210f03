import { ReportingPeriodType } from '@domain/enums';
import { Sp } from './species';

/**
 * A disease of the seed. Beyond the lookup fields (id, name, species) it carries what makes the
 * generated data plausible: where the disease is usually reported, how large outbreaks get and
 * how deadly it is, and how its reporting periods are usually framed.
 */
export interface SeedDisease {
  readonly diseaseId: number;
  readonly displayName: string;
  /** Species the disease affects; the first is the usual one. */
  readonly speciesIds: readonly number[];
  /** ISO 3166-1 alpha-2 codes of seeded countries where it is commonly reported. */
  readonly countries: readonly string[];
  /** Typical new cases per update at one location (upper bound of the usual range). */
  readonly scale: number;
  /** Rough case-fatality ratio, used for deaths. */
  readonly cfr: number;
  readonly periodType: ReportingPeriodType;
  /** One of the 22 diseases analysts commonly exclude from the article index. */
  readonly excluded?: true;
}

const { NewOutbreak: O, NewSeason: S, NotApplicable: N } = ReportingPeriodType;
const H = [Sp.Humans];

/** Outbreak-prone diseases (ids 1–57), then the commonly excluded ones (ids 58–79). */
export const seedDiseases: readonly SeedDisease[] = [
  { diseaseId: 1, displayName: 'Cholera', speciesIds: H, countries: ['CD', 'NG', 'HT', 'YE', 'SD', 'ET', 'CM', 'TZ', 'BD'], scale: 400, cfr: 0.015, periodType: O },
  { diseaseId: 2, displayName: 'Measles', speciesIds: H, countries: ['NG', 'CD', 'ET', 'IN', 'PK', 'YE', 'RO', 'UA', 'GB', 'US', 'CA'], scale: 250, cfr: 0.01, periodType: O },
  { diseaseId: 3, displayName: 'Mpox', speciesIds: H, countries: ['CD', 'UG', 'KE', 'NG', 'US', 'GB', 'DE', 'TH', 'CN'], scale: 120, cfr: 0.02, periodType: O },
  { diseaseId: 4, displayName: 'Dengue', speciesIds: [Sp.Humans, Sp.Mosquitoes], countries: ['BR', 'IN', 'BD', 'VN', 'TH', 'PH', 'ID', 'MX', 'CO', 'PE', 'BO', 'AR'], scale: 2000, cfr: 0.001, periodType: S },
  { diseaseId: 5, displayName: 'Ebola virus disease', speciesIds: [Sp.Humans, Sp.NonHumanPrimates, Sp.Bats], countries: ['CD', 'UG', 'GN', 'SL'], scale: 25, cfr: 0.4, periodType: O },
  { diseaseId: 6, displayName: 'Marburg virus disease', speciesIds: [Sp.Humans, Sp.Bats], countries: ['UG', 'TZ', 'GN', 'ET'], scale: 8, cfr: 0.5, periodType: O },
  { diseaseId: 7, displayName: 'Avian influenza A(H5N1)', speciesIds: [Sp.Poultry, Sp.WildBirds, Sp.Humans, Sp.Cattle], countries: ['US', 'VN', 'CN', 'ID', 'EG', 'IN', 'BD', 'GB', 'FR', 'DE', 'PL', 'NL', 'JP', 'KR', 'CA'], scale: 300, cfr: 0.3, periodType: S },
  { diseaseId: 8, displayName: 'African swine fever', speciesIds: [Sp.Swine, Sp.WildBoar], countries: ['CN', 'VN', 'PH', 'ID', 'DE', 'IT', 'PL', 'RO', 'UA', 'RU'], scale: 150, cfr: 0.9, periodType: O },
  { diseaseId: 9, displayName: 'Foot-and-mouth disease', speciesIds: [Sp.Cattle, Sp.Swine, Sp.Sheep, Sp.Goats], countries: ['KE', 'ET', 'PK', 'IN', 'IR', 'EG', 'ZA', 'DE', 'ID'], scale: 200, cfr: 0.02, periodType: O },
  { diseaseId: 10, displayName: 'Rabies', speciesIds: [Sp.Humans, Sp.Dogs, Sp.Bats], countries: ['IN', 'PH', 'ID', 'VN', 'NP', 'BD', 'TZ', 'KE', 'US', 'ZA'], scale: 6, cfr: 0.99, periodType: N },
  { diseaseId: 11, displayName: 'Anthrax', speciesIds: [Sp.Cattle, Sp.Humans, Sp.Sheep, Sp.Goats], countries: ['KE', 'UG', 'ZA', 'IN', 'ID', 'VN', 'RU'], scale: 15, cfr: 0.1, periodType: O },
  { diseaseId: 12, displayName: 'Lassa fever', speciesIds: H, countries: ['NG', 'SL', 'GN'], scale: 40, cfr: 0.18, periodType: S },
  { diseaseId: 13, displayName: 'Yellow fever', speciesIds: [Sp.Humans, Sp.NonHumanPrimates, Sp.Mosquitoes], countries: ['BR', 'CO', 'PE', 'BO', 'CD', 'NG', 'CM', 'ET', 'GH'], scale: 20, cfr: 0.3, periodType: O },
  { diseaseId: 14, displayName: 'Poliomyelitis', speciesIds: H, countries: ['PK', 'NG', 'CD', 'YE', 'ET'], scale: 3, cfr: 0.05, periodType: N },
  { diseaseId: 15, displayName: 'Diphtheria', speciesIds: H, countries: ['NG', 'YE', 'GN', 'ID', 'VN', 'BD', 'PK'], scale: 80, cfr: 0.08, periodType: O },
  { diseaseId: 16, displayName: 'Pertussis', speciesIds: H, countries: ['GB', 'US', 'JP', 'KR', 'FR', 'DE', 'CA', 'AU', 'NZ'], scale: 300, cfr: 0.002, periodType: O },
  { diseaseId: 17, displayName: 'Chikungunya', speciesIds: [Sp.Humans, Sp.Mosquitoes], countries: ['BR', 'IN', 'PK', 'BD', 'TH', 'MG', 'PE', 'BO', 'FR', 'CN'], scale: 500, cfr: 0.0005, periodType: S },
  { diseaseId: 18, displayName: 'Zika virus disease', speciesIds: [Sp.Humans, Sp.Mosquitoes], countries: ['BR', 'CO', 'MX', 'IN', 'TH'], scale: 60, cfr: 0, periodType: S },
  { diseaseId: 19, displayName: 'West Nile virus infection', speciesIds: [Sp.Humans, Sp.Horses, Sp.WildBirds, Sp.Mosquitoes], countries: ['US', 'IT', 'RO', 'ES', 'FR', 'DE'], scale: 40, cfr: 0.05, periodType: S },
  { diseaseId: 20, displayName: 'Nipah virus infection', speciesIds: [Sp.Humans, Sp.Bats, Sp.Swine], countries: ['BD', 'IN'], scale: 4, cfr: 0.7, periodType: S },
  { diseaseId: 21, displayName: 'Middle East respiratory syndrome (MERS)', speciesIds: [Sp.Humans, Sp.Camels], countries: ['SA'], scale: 3, cfr: 0.35, periodType: N },
  { diseaseId: 22, displayName: 'Plague', speciesIds: H, countries: ['MG', 'CD', 'PE', 'US', 'CN'], scale: 30, cfr: 0.1, periodType: S },
  { diseaseId: 23, displayName: 'Leptospirosis', speciesIds: [Sp.Humans, Sp.Cattle, Sp.Dogs], countries: ['BR', 'PH', 'IN', 'ID', 'TH', 'FJ', 'NZ'], scale: 80, cfr: 0.05, periodType: S },
  { diseaseId: 24, displayName: 'Bluetongue', speciesIds: [Sp.Sheep, Sp.Cattle, Sp.Goats], countries: ['GB', 'NL', 'DE', 'FR', 'ES', 'PT', 'IT'], scale: 120, cfr: 0.1, periodType: S },
  { diseaseId: 25, displayName: 'Newcastle disease', speciesIds: [Sp.Poultry, Sp.WildBirds], countries: ['NG', 'PK', 'IN', 'ID', 'BR', 'MX', 'ZA', 'ET', 'PL'], scale: 2000, cfr: 0.6, periodType: O },
  { diseaseId: 26, displayName: 'Peste des petits ruminants', speciesIds: [Sp.Goats, Sp.Sheep], countries: ['SN', 'SD', 'ET', 'KE', 'CD', 'PK', 'RO', 'IR'], scale: 150, cfr: 0.5, periodType: O },
  { diseaseId: 27, displayName: 'Lumpy skin disease', speciesIds: [Sp.Cattle], countries: ['IN', 'PK', 'BD', 'ET', 'KE', 'ZA', 'TH', 'ID', 'FR', 'IT'], scale: 300, cfr: 0.03, periodType: O },
  { diseaseId: 28, displayName: 'Rift Valley fever', speciesIds: [Sp.Humans, Sp.Cattle, Sp.Sheep, Sp.Goats, Sp.Mosquitoes], countries: ['KE', 'TZ', 'SN', 'SD', 'UG', 'MG'], scale: 40, cfr: 0.1, periodType: O },
  { diseaseId: 29, displayName: 'Crimean-Congo haemorrhagic fever', speciesIds: [Sp.Humans, Sp.Ticks, Sp.Cattle], countries: ['PK', 'IR', 'UG', 'ES', 'RU', 'SN'], scale: 12, cfr: 0.2, periodType: S },
  { diseaseId: 30, displayName: 'Hepatitis A', speciesIds: H, countries: ['US', 'ES', 'DE', 'IN', 'PK', 'YE', 'KR'], scale: 60, cfr: 0.003, periodType: O },
  { diseaseId: 31, displayName: 'Hepatitis E', speciesIds: H, countries: ['SD', 'CD', 'BD', 'NG', 'NP'], scale: 80, cfr: 0.02, periodType: O },
  { diseaseId: 32, displayName: 'Meningococcal disease', speciesIds: H, countries: ['NG', 'CD', 'ET', 'SD', 'GH', 'CM', 'US', 'GB', 'SA'], scale: 60, cfr: 0.1, periodType: S },
  { diseaseId: 33, displayName: 'Typhoid fever', speciesIds: H, countries: ['PK', 'IN', 'BD', 'NG', 'NP', 'ZA', 'FJ', 'PG'], scale: 150, cfr: 0.01, periodType: O },
  { diseaseId: 34, displayName: 'Oropouche virus disease', speciesIds: [Sp.Humans, Sp.Mosquitoes], countries: ['BR', 'PE', 'CO', 'BO', 'VE'], scale: 120, cfr: 0.0005, periodType: S },
  { diseaseId: 35, displayName: 'COVID-19', speciesIds: H, countries: ['US', 'GB', 'CN', 'JP', 'KR', 'IN', 'BR', 'DE', 'FR', 'AU', 'ZA'], scale: 3000, cfr: 0.003, periodType: N },
  { diseaseId: 36, displayName: 'Mumps', speciesIds: H, countries: ['US', 'GB', 'JP', 'CA', 'KR'], scale: 40, cfr: 0, periodType: O },
  { diseaseId: 37, displayName: 'Rubella', speciesIds: H, countries: ['NG', 'CD', 'ET', 'JP', 'ID'], scale: 40, cfr: 0, periodType: O },
  { diseaseId: 38, displayName: 'Hand, foot and mouth disease', speciesIds: H, countries: ['CN', 'VN', 'JP', 'TH', 'KR'], scale: 600, cfr: 0.0002, periodType: S },
  { diseaseId: 39, displayName: "Legionnaires' disease", speciesIds: H, countries: ['US', 'ES', 'FR', 'DE', 'GB', 'IT', 'PT'], scale: 15, cfr: 0.1, periodType: O },
  { diseaseId: 40, displayName: 'Salmonellosis', speciesIds: [Sp.Humans, Sp.Poultry], countries: ['US', 'GB', 'DE', 'FR', 'ES', 'AU', 'CA'], scale: 50, cfr: 0.002, periodType: O },
  { diseaseId: 41, displayName: 'Listeriosis', speciesIds: H, countries: ['ZA', 'US', 'ES', 'FR', 'CA'], scale: 10, cfr: 0.2, periodType: O },
  { diseaseId: 42, displayName: 'Shigellosis', speciesIds: H, countries: ['US', 'GB', 'BD', 'PK', 'IN'], scale: 40, cfr: 0.001, periodType: O },
  { diseaseId: 43, displayName: 'Shiga toxin-producing E. coli infection', speciesIds: [Sp.Humans, Sp.Cattle], countries: ['US', 'GB', 'DE', 'CA', 'JP'], scale: 25, cfr: 0.01, periodType: O },
  { diseaseId: 44, displayName: 'Japanese encephalitis', speciesIds: [Sp.Humans, Sp.Swine, Sp.Mosquitoes], countries: ['IN', 'BD', 'NP', 'PH', 'VN', 'AU'], scale: 50, cfr: 0.2, periodType: S },
  { diseaseId: 45, displayName: 'Scrub typhus', speciesIds: [Sp.Humans, Sp.Ticks], countries: ['IN', 'TH', 'JP', 'KR', 'NP'], scale: 60, cfr: 0.02, periodType: S },
  { diseaseId: 46, displayName: 'Brucellosis', speciesIds: [Sp.Humans, Sp.Cattle, Sp.Sheep, Sp.Goats], countries: ['IR', 'SA', 'CN', 'PK', 'EG'], scale: 30, cfr: 0.01, periodType: N },
  { diseaseId: 47, displayName: 'Q fever', speciesIds: [Sp.Humans, Sp.Goats, Sp.Sheep], countries: ['NL', 'AU', 'ES', 'FR'], scale: 15, cfr: 0.01, periodType: O },
  { diseaseId: 48, displayName: 'Tularaemia', speciesIds: H, countries: ['US', 'RU', 'DE'], scale: 8, cfr: 0.02, periodType: O },
  { diseaseId: 49, displayName: 'Hantavirus pulmonary syndrome', speciesIds: H, countries: ['AR', 'US', 'BO'], scale: 6, cfr: 0.35, periodType: O },
  { diseaseId: 50, displayName: 'Avian influenza A(H9N2)', speciesIds: [Sp.Poultry, Sp.Humans], countries: ['CN', 'BD', 'IN', 'EG', 'VN'], scale: 200, cfr: 0.01, periodType: S },
  { diseaseId: 51, displayName: 'Swine influenza A(H1N2)v', speciesIds: [Sp.Humans, Sp.Swine], countries: ['US', 'BR', 'GB', 'DE'], scale: 5, cfr: 0, periodType: O },
  { diseaseId: 52, displayName: 'Classical swine fever', speciesIds: [Sp.Swine, Sp.WildBoar], countries: ['JP', 'BR', 'CO', 'PE'], scale: 150, cfr: 0.7, periodType: O },
  { diseaseId: 53, displayName: 'Equine infectious anaemia', speciesIds: [Sp.Horses], countries: ['US', 'BR', 'AR', 'DE', 'RO'], scale: 10, cfr: 0.3, periodType: N },
  { diseaseId: 54, displayName: 'Chronic wasting disease', speciesIds: [Sp.Deer], countries: ['US', 'CA'], scale: 20, cfr: 1, periodType: N },
  { diseaseId: 55, displayName: 'Bovine tuberculosis', speciesIds: [Sp.Cattle, Sp.Deer], countries: ['GB', 'NZ', 'ZA', 'ES'], scale: 30, cfr: 0, periodType: N },
  { diseaseId: 56, displayName: 'Sheep and goat pox', speciesIds: [Sp.Sheep, Sp.Goats], countries: ['IR', 'PK', 'ES', 'RO', 'SD'], scale: 200, cfr: 0.3, periodType: O },
  { diseaseId: 57, displayName: 'Tick-borne encephalitis', speciesIds: [Sp.Humans, Sp.Ticks], countries: ['DE', 'RU', 'PL', 'JP', 'CN'], scale: 20, cfr: 0.01, periodType: S },
  // The 22 commonly excluded diseases (see src/domain/excluded-diseases.ts).
  { diseaseId: 58, displayName: 'Influenza (seasonal)', speciesIds: H, countries: ['US', 'GB', 'AU', 'JP', 'CN', 'FR', 'DE', 'CA'], scale: 5000, cfr: 0.001, periodType: S, excluded: true },
  { diseaseId: 59, displayName: 'HIV/AIDS', speciesIds: H, countries: ['ZA', 'NG', 'KE', 'UG', 'TZ'], scale: 300, cfr: 0.01, periodType: N, excluded: true },
  { diseaseId: 60, displayName: 'Tuberculosis', speciesIds: H, countries: ['IN', 'ID', 'PH', 'PK', 'NG', 'ZA', 'BD'], scale: 500, cfr: 0.05, periodType: N, excluded: true },
  { diseaseId: 61, displayName: 'Malaria', speciesIds: [Sp.Humans, Sp.Mosquitoes], countries: ['NG', 'CD', 'UG', 'TZ', 'ET', 'MG', 'PG', 'IN'], scale: 5000, cfr: 0.002, periodType: S, excluded: true },
  { diseaseId: 62, displayName: 'Hepatitis B', speciesIds: H, countries: ['CN', 'VN', 'NG', 'EG'], scale: 200, cfr: 0.01, periodType: N, excluded: true },
  { diseaseId: 63, displayName: 'Hepatitis C', speciesIds: H, countries: ['EG', 'PK', 'US', 'RU'], scale: 150, cfr: 0.01, periodType: N, excluded: true },
  { diseaseId: 64, displayName: 'Syphilis', speciesIds: H, countries: ['US', 'JP', 'BR', 'GB', 'AU'], scale: 300, cfr: 0, periodType: N, excluded: true },
  { diseaseId: 65, displayName: 'Gonorrhoea', speciesIds: H, countries: ['US', 'GB', 'AU', 'CA'], scale: 400, cfr: 0, periodType: N, excluded: true },
  { diseaseId: 66, displayName: 'Chlamydia', speciesIds: H, countries: ['US', 'GB', 'AU'], scale: 600, cfr: 0, periodType: N, excluded: true },
  { diseaseId: 67, displayName: 'Human papillomavirus infection', speciesIds: H, countries: ['US', 'GB', 'IN'], scale: 100, cfr: 0, periodType: N, excluded: true },
  { diseaseId: 68, displayName: 'Herpes zoster', speciesIds: H, countries: ['US', 'JP', 'GB'], scale: 100, cfr: 0, periodType: N, excluded: true },
  { diseaseId: 69, displayName: 'Lyme disease', speciesIds: [Sp.Humans, Sp.Ticks], countries: ['US', 'CA', 'DE', 'FR'], scale: 120, cfr: 0, periodType: S, excluded: true },
  { diseaseId: 70, displayName: 'Respiratory syncytial virus infection', speciesIds: H, countries: ['US', 'GB', 'AU', 'JP', 'CA'], scale: 800, cfr: 0.001, periodType: S, excluded: true },
  { diseaseId: 71, displayName: 'Norovirus gastroenteritis', speciesIds: H, countries: ['US', 'GB', 'JP', 'AU', 'DE'], scale: 150, cfr: 0, periodType: S, excluded: true },
  { diseaseId: 72, displayName: 'Clostridioides difficile infection', speciesIds: H, countries: ['US', 'GB', 'CA'], scale: 30, cfr: 0.05, periodType: N, excluded: true },
  { diseaseId: 73, displayName: 'MRSA infection', speciesIds: H, countries: ['US', 'GB', 'JP'], scale: 20, cfr: 0.05, periodType: N, excluded: true },
  { diseaseId: 74, displayName: 'Antimicrobial resistance', speciesIds: H, countries: ['IN', 'US', 'GB', 'PK'], scale: 50, cfr: 0.02, periodType: N, excluded: true },
  { diseaseId: 75, displayName: 'Sepsis', speciesIds: H, countries: ['US', 'GB', 'IN'], scale: 50, cfr: 0.2, periodType: N, excluded: true },
  { diseaseId: 76, displayName: 'Scabies', speciesIds: H, countries: ['FJ', 'PG', 'GB', 'AU'], scale: 80, cfr: 0, periodType: N, excluded: true },
  { diseaseId: 77, displayName: 'Leprosy', speciesIds: H, countries: ['IN', 'BR', 'ID'], scale: 20, cfr: 0, periodType: N, excluded: true },
  { diseaseId: 78, displayName: 'Schistosomiasis', speciesIds: H, countries: ['EG', 'NG', 'TZ', 'MG'], scale: 100, cfr: 0, periodType: N, excluded: true },
  { diseaseId: 79, displayName: 'Chagas disease', speciesIds: H, countries: ['BO', 'AR', 'BR', 'CO', 'MX'], scale: 20, cfr: 0.01, periodType: N, excluded: true },
];
