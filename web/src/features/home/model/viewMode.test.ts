import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../test/fixtures';
import { VIEW_MODE_STORAGE_KEY, readViewMode, writeViewMode } from './viewMode';

describe('cards or rows', () => {
  it('starts with cards and remembers the choice', () => {
    const storage = memoryStorage();
    expect(readViewMode(storage)).toBe('cards');
    writeViewMode('rows', storage);
    expect(storage.getItem(VIEW_MODE_STORAGE_KEY)).toBe('rows');
    expect(readViewMode(storage)).toBe('rows');
  });

  it('reads anything else, or no storage, as cards', () => {
    expect(readViewMode(memoryStorage({ [VIEW_MODE_STORAGE_KEY]: 'tiles' }))).toBe('cards');
    expect(readViewMode(undefined)).toBe('cards');
  });
});
