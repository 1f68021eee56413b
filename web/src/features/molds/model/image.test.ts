import { describe, expect, it } from 'vitest';
import { MOLD_IMAGE_MAX_BYTES, imageProblem } from './image';

describe('imageProblem', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp'])('accepts %s up to 2 MB', (type) => {
    expect(imageProblem({ type, size: MOLD_IMAGE_MAX_BYTES })).toBeUndefined();
  });

  it('refuses a file over 2 MB', () => {
    expect(imageProblem({ type: 'image/png', size: MOLD_IMAGE_MAX_BYTES + 1 })).toBe('imageSize');
  });

  it.each(['image/gif', 'image/svg+xml', 'application/pdf', ''])('refuses the type %j', (type) => {
    expect(imageProblem({ type, size: 10 })).toBe('imageType');
  });
});
