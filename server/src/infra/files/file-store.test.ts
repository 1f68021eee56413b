import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirFileStore, isFileKey } from './file-store.js';
import { contentTypeOfKey, detectImageType } from './image-type.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-files-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('DataDirFileStore', () => {
  const store = new DataDirFileStore(dataDir);

  it('stores under DATA_DIR/uploads with a random name, reads it back and deletes it', async () => {
    const key = await store.put('molds', Buffer.from('hello'), 'png');
    expect(key).toMatch(/^molds\/[0-9a-f]{32}\.png$/);
    expect(await store.put('molds', Buffer.from('hello'), 'png')).not.toBe(key);
    expect(readdirSync(path.join(dataDir, 'uploads', 'molds'))).toContain(key.split('/')[1]);
    expect(await text((await store.get(key))!)).toBe('hello');
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
    await store.delete(key);
  });

  it('answers nothing for a key it did not make: no way out of its folder', async () => {
    for (const key of ['../secret.png', 'molds/../../x.png', 'molds/abc.png', '/etc/passwd']) {
      expect(isFileKey(key), key).toBe(false);
      expect(await store.get(key), key).toBeUndefined();
    }
    await expect(store.put('../up', Buffer.from('x'), 'png')).rejects.toThrow();
  });
});

describe('image types by content', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe1], 'jpg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'png'],
    [[...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WEBPVP8 ')], 'webp'],
  ])('recognises %j as %s', (bytes, extension) => {
    expect(detectImageType(Buffer.from(bytes))?.extension).toBe(extension);
  });
  it.each([
    Buffer.from('GIF89a'),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    Buffer.from('RIFF1234WAVE'),
    Buffer.alloc(0),
  ])('refuses %s', (bytes) => {
    expect(detectImageType(bytes)).toBeUndefined();
  });
  it('serves a key with the type of its extension', () => {
    expect(contentTypeOfKey('molds/ab.webp')).toBe('image/webp');
    expect(contentTypeOfKey('molds/ab.svg')).toBeUndefined();
  });
});
