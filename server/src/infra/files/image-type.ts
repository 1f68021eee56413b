/** Image types an upload may be, recognised by their first bytes (never by name or declared type). */
export type ImageType = { extension: 'jpg' | 'png' | 'webp'; contentType: string };

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** JPEG, PNG or WebP by magic bytes; undefined for anything else. */
export function detectImageType(bytes: Buffer): ImageType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { extension: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { extension: 'png', contentType: 'image/png' };
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { extension: 'webp', contentType: 'image/webp' };
  }
  return undefined;
}

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
/** The content type to serve a stored image with, from its key's extension. */
export const contentTypeOfKey = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)];
