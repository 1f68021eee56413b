import { describe, expect, it } from 'vitest';
import { tagOptions } from './tagOptions';

const TAGS = [
  { id: 1, name: 'Brazil' },
  { id: 2, name: 'China' },
];

describe('tagOptions', () => {
  it('offers the tags with their ids', () => {
    expect(tagOptions(TAGS, undefined, '', true)).toEqual([
      { value: 'Brazil', label: 'Brazil', id: 1 },
      { value: 'China', label: 'China', id: 2 },
    ]);
  });

  it('keeps a value no tag holds any more, first and without an id', () => {
    expect(tagOptions(TAGS, 'Korea', '', true)[0]).toEqual({ value: 'Korea', label: 'Korea' });
    expect(tagOptions(TAGS, 'China', '', true)).toHaveLength(2);
  });

  it('adds an entry for typed text, trimmed, that matches no option in any case', () => {
    expect(tagOptions(TAGS, undefined, '  Chile ', true).at(-1)).toEqual({
      value: 'Chile',
      label: 'Chile',
      adding: true,
    });
    expect(tagOptions(TAGS, undefined, 'brazil', true).some((option) => option.adding)).toBe(false);
    expect(tagOptions(TAGS, 'Korea', 'KOREA', true).some((option) => option.adding)).toBe(false);
    expect(tagOptions(TAGS, undefined, '   ', true).some((option) => option.adding)).toBe(false);
  });

  it('offers no add entry to a user who may not add tags', () => {
    expect(tagOptions(TAGS, undefined, 'Chile', false).some((option) => option.adding)).toBe(false);
  });
});
