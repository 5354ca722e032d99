import { describe, expect, it } from 'vitest';
import { normalizeTags } from './lead-update.service.js';

describe('normalizeTags', () => {
  it('trims, drops empty entries and removes duplicates keeping first-seen order', () => {
    expect(normalizeTags([' b ', 'a', '', '   ', 'b', 'a ', 'c'])).toEqual(['b', 'a', 'c']);
    expect(normalizeTags([])).toEqual([]);
    expect(normalizeTags(['\t', ' '])).toEqual([]);
  });
  it('is case-sensitive (tags are shown as given)', () => {
    expect(normalizeTags(['VIP', 'vip'])).toEqual(['VIP', 'vip']);
  });
});
