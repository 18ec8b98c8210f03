import type { Lookups } from '@domain/lookups';
import type { CannedAnswer } from './recording-api-server';

/** A small valid GET /api/lookups answer. */
export const sampleLookups: Lookups = {
  diseases: [{ diseaseId: 1, displayName: 'Anthrax', speciesIds: [1] }],
  riskModels: [{ riskModelId: 1, displayName: 'Default' }],
  species: [{ speciesId: 1, displayName: 'Human', speciesGroup: 1, diseaseIds: [1] }],
  feeds: [{ id: 1, name: 'ProMED' }],
  dataSourceCategories: [{ id: 1, displayName: 'Official' }],
  dataSourceGroups: [{ id: 1, displayName: 'WHO', categoryId: 1 }],
  dataSourcePriorities: [{ id: 1, displayName: 'High' }],
  hamTypes: [{ id: 3, displayName: 'Disease activity' }],
  rejectionReasons: [{ id: 1, displayName: 'Duplicate' }],
  contextTagGroups: [{ id: 1, displayName: 'Setting', tags: [{ id: 2, displayName: 'Farm' }] }],
  assessmentConcernLevels: [{ id: 1, displayName: 'Low' }],
  assessmentConfidenceLevels: [{ id: 1, displayName: 'High' }],
  assessmentCriteria: [{ id: 1, displayName: 'Spread', description: 'Spreads fast' }],
};

const lookups = (answer: CannedAnswer) => ({ 'GET /api/lookups': answer });

/** The engine test scenarios, one per first path segment of the API base URL. */
export const engineScenarios = {
  ok: lookups({ status: 200, body: sampleLookups, delayMs: 50 }),
  'ok-elsewhere': lookups({ status: 200, body: sampleLookups }),
  unauthorized: lookups({ status: 401 }),
  'bad-request': lookups({ status: 400, body: { errors: ['a', 'b'] } }),
  'server-error': lookups({ status: 500, body: { errors: ['a', 'b'] } }),
  'server-error-plain': lookups({ status: 500, body: { message: 'boom' } }),
  forbidden: lookups({ status: 403, body: { errors: ['a', 'b'] } }),
  'bad-body': lookups({ status: 200, body: { ...sampleLookups, diseases: 'nope' } }),
  'not-json': lookups({ status: 200, body: '<html>' }),
  'log-down': {
    ...lookups({ status: 500, body: { errors: ['a', 'b'] } }),
    'POST /api/log/js': { status: 500, body: { errors: ['log down'] } },
  },
  'log-unauthorized': {
    ...lookups({ status: 401 }),
    'POST /api/log/js': { status: 401 },
  },
} satisfies Record<string, Record<string, CannedAnswer>>;
