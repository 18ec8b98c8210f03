import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { AssessmentJson, assessmentMessages } from '@domain/assessments';
import { messages } from '@domain/messages';
import { backends } from '../support/test-server';
import { useEntriesServer } from './entries-fixtures';

const decodeList = Schema.decodeUnknownSync(Schema.Array(AssessmentJson), {
  onExcessProperty: 'error',
});

describe.each(backends)('Assessments on %s', (backend) => {
  const api = useEntriesServer(backend);
  const { amara, anonymous } = api;

  const path = () => `/api/diseaseactivities/${api.fx.activityId}/assessments`;
  const good = {
    assessedOn: '2024-01-10',
    concernLevelId: 1,
    confidenceLevelId: 1,
    criteriaIds: [1, 1],
    rationale: '  Rising in Toronto.  ',
  };

  it('records an assessment (201) and lists it, latest assessed first, with who made it', async () => {
    expect(decodeList((await amara('GET', path())).body)).toEqual([]);
    const created = await amara('POST', path(), { json: good });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      diseaseActivityId: api.fx.activityId,
      assessedOn: '2024-01-10',
      criteriaIds: [1],
      rationale: 'Rising in Toronto.',
      createdBy: 'Amara Okafor',
    });
    await amara('POST', path(), { json: { ...good, assessedOn: '2024-01-12', criteriaIds: [] } });
    const list = decodeList((await amara('GET', path())).body);
    expect(list.map((a) => a.assessedOn)).toEqual(['2024-01-12', '2024-01-10']);
    const history = await amara('GET', `/api/diseaseactivities/${api.fx.activityId}/history`);
    expect(JSON.stringify(history.body)).not.toContain('"entity":"assessment"');
  });

  it("refuses the form's messages and unknown ids in one 400, writing nothing", async () => {
    const before = decodeList((await amara('GET', path())).body).length;
    const blank = await amara('POST', path(), {
      json: {
        assessedOn: null,
        concernLevelId: null,
        confidenceLevelId: null,
        criteriaIds: [],
        rationale: '',
      },
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({
      errors: [
        assessmentMessages.assessedOnRequired,
        assessmentMessages.concernLevelRequired,
        assessmentMessages.confidenceLevelRequired,
      ],
    });
    const future = await amara('POST', path(), { json: { ...good, assessedOn: '2999-01-01' } });
    expect(future.body).toEqual({ errors: [assessmentMessages.assessedOnInFuture] });
    const unknown = await amara('POST', path(), {
      json: { ...good, concernLevelId: 99, criteriaIds: [1, 77] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      errors: [assessmentMessages.unknownConcernLevel(99), assessmentMessages.unknownCriterion(77)],
    });
    const malformed = await amara('POST', path(), { json: { ...good, criteriaIds: 'all' } });
    expect(malformed.status).toBe(400);
    expect(decodeList((await amara('GET', path())).body)).toHaveLength(before);
  });

  it('answers 404 for an unknown activity and 401 without a token', async () => {
    const missing = await amara('GET', '/api/diseaseactivities/999999/assessments');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ errors: [messages.diseaseActivityNotFound(999999)] });
    expect(
      (await amara('POST', '/api/diseaseactivities/999999/assessments', { json: good })).status,
    ).toBe(404);
    expect((await anonymous('GET', path())).status).toBe(401);
  });
});
