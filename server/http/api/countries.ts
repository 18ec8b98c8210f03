import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Country } from '@domain/disease-activities';
import { LocationType } from '@domain/enums';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema';

/**
 * GET /api/countries → every country-type location `{ countryId, name, isoCode, latitude,
 * longitude }`, by name: the new activity form's country picker (spec 001 §7 lists "Countries"
 * with no path; designed here) and the map's countries (issue 29: the ISO code says which shape
 * is the country's, the point where a country too small for the shapes is drawn).
 */
export const countryRoutes: FastifyPluginAsync<{ readonly db: Db }> = async (app, { db }) => {
  app.get('/countries', async (): Promise<Country[]> =>
    db
      .select({
        countryId: locations.id,
        name: locations.name,
        isoCode: locations.isoCode,
        latitude: locations.latitude,
        longitude: locations.longitude,
      })
      .from(locations)
      .where(eq(locations.locationType, LocationType.Country))
      .orderBy(asc(locations.name)),
  );
};
