/** What the image upload accepts (the server checks the same). */
export const MOLD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MOLD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export type ImageProblem = 'imageType' | 'imageSize';

/** Why a chosen file cannot be the mould's image, or undefined when it can. */
export function imageProblem(file: { type: string; size: number }): ImageProblem | undefined {
  if (!(MOLD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageType';
  if (file.size > MOLD_IMAGE_MAX_BYTES) return 'imageSize';
  return undefined;
}
