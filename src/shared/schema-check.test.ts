// The one check of JSON documents against their schemas: operator files (ICP rules) and
// settings columns read back (campaign settings), with the path and the schema's own words.
import { describe, expect, it } from 'vitest';
import { parseIcpRules } from '../ingestion/icp.js';
import { parseSettings } from '../outreach/campaign-settings.js';

describe('documents checked against their schema', () => {
  it.each([
    [[], '$: must be an object'],
    [{ title: ['x'] }, '$.title: unknown rule (known: job_title_keywords, seniorities, company_size, industries, countries)'],
    [{ countries: 'DE' }, '$.countries: must be an array of strings'],
    [{ industries: ['Software', ' '] }, '$.industries[1]: must be a non-empty string'],
    [{ seniorities: ['vp', 'boss'] }, '$.seniorities[1]: must be one of c_level, vp, head, director, manager, individual'],
    [{ company_size: { min: -1 } }, '$.company_size.min: must be a whole number of at least 0'],
    [{ company_size: { least: 1 } }, '$.company_size.least: unknown field (known: min, max)'],
    [{ company_size: { min: 50, max: 10 } }, '$.company_size: min must not exceed max'],
  ])('ICP rules %j: %s', (doc, message) => {
    expect(() => parseIcpRules(doc)).toThrow(message);
  });

  it('keeps valid ICP rules, trimmed', () => {
    expect(parseIcpRules({ job_title_keywords: [' growth '], company_size: { min: 10 }, seniorities: ['vp'] })).toEqual({
      job_title_keywords: ['growth'], company_size: { min: 10 }, seniorities: ['vp'],
    });
  });

  it('refuses a campaign settings column that was edited into something the engine cannot use', () => {
    expect(parseSettings('{}')).toEqual({ note_template: null, follow_up_template: null, follow_up_delay_hours: 24, follow_ups: [], sender_policy: 'WARM_FIRST' });
    expect(() => parseSettings('{"follow_up_delay_hours": -3}')).toThrow('the follow-up delay must be a whole number of hours from 0 to 2160');
    expect(() => parseSettings('{"sender_policy": "LOUDEST"}')).toThrow('sender policy must be one of WARM_FIRST, CAPACITY');
    expect(() => parseSettings(`{"note_template": "${'x'.repeat(601)}"}`)).toThrow('the note template is far beyond 300 characters');
  });
});
