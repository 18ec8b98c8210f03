import {
  DiseaseInterests,
  type DiseaseInterests as DiseaseInterestsType,
} from '@domain/disease-interests';
import type { ApiCall } from '../api-client';
import type { ApiCallDeps } from '../api-call-deps';
import { isApiCallError } from '../errors';
import { requireParam } from '../require-param';
import type { DiseaseInterestsEngineApi } from './disease-interests-contract';

const path = '/users/me/diseaseInterests';

/** Reads and writes follow spec 000 §8 (alert, log, sign-out) and reject. */
export function createDiseaseInterestsApi({
  request,
  report,
}: ApiCallDeps): DiseaseInterestsEngineApi {
  async function call<I>(apiCall: ApiCall<DiseaseInterestsType, I>) {
    try {
      return await request(apiCall);
    } catch (error) {
      if (isApiCallError(error)) report(error, { alert: true });
      throw error;
    }
  }
  return {
    getDiseaseInterests: () => call({ method: 'GET', path, schema: DiseaseInterests }),
    saveDiseaseInterests: (diseaseIds) =>
      call({
        method: 'PUT',
        path,
        body: { diseaseIds: requireParam('diseaseIds', diseaseIds) },
        schema: DiseaseInterests,
      }),
  };
}
