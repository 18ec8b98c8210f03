import { Schema } from 'effect';

/**
 * An analyst's disease interests (spec 001 §1, §5: Important situational updates are mailed to
 * users with relevant disease interests; Critical ones to all users). Designed: the spec shows
 * no call for them. GET / PUT /api/users/me/diseaseInterests.
 */

const Id = Schema.Int.pipe(Schema.positive());

/** At most this many diseases are followed (the lookup has a few hundred). */
export const maxDiseaseInterests = 500;

/** PUT body: the whole set of followed diseases (none allowed). */
export const DiseaseInterestsBody = Schema.Struct({
  diseaseIds: Schema.Array(Id).pipe(
    Schema.maxItems(maxDiseaseInterests, {
      message: () => `at most ${maxDiseaseInterests} diseases are allowed`,
    }),
  ),
});
export type DiseaseInterestsBody = typeof DiseaseInterestsBody.Type;

/** The answer: the followed diseases (ascending) and the address mails go to. */
export const DiseaseInterests = Schema.Struct({
  diseaseIds: Schema.Array(Id),
  /** null: the user has no address, so no mail reaches them. */
  email: Schema.NullOr(Schema.String),
});
export type DiseaseInterests = typeof DiseaseInterests.Type;
