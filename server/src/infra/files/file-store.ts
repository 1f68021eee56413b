import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Uploaded files (DESIGN §3 `infra/files/`), by key. An object store could implement it as well:
 * keys are random and carry no user input, so they are safe as object names and as URL segments.
 */
export interface FileStore {
  /** Stores the bytes under a new, unguessable key with the given extension, and answers the key. */
  put(folder: string, bytes: Buffer, extension: string): Promise<string>;
  /** The file's bytes, or undefined when there is no such file (or the key is not one of ours). */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** A key: a folder of lowercase letters, a slash, 32 hex digits, a dot and an extension. */
const KEY = /^[a-z]+\/[0-9a-f]{32}\.[a-z]+$/;
export const isFileKey = (key: string) => KEY.test(key);

/** Files under DATA_DIR/uploads/<folder>/<random>.<ext>; written to a temp name and renamed, so never seen half-written. */
export class DataDirFileStore implements FileStore {
  readonly #root: string;

  constructor(dataDir: string) {
    this.#root = path.join(dataDir, 'uploads');
  }

  async put(folder: string, bytes: Buffer, extension: string): Promise<string> {
    const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
    const target = this.#pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(4).toString('hex')}.part`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
    return key;
  }

  async get(key: string): Promise<Readable | undefined> {
    if (!isFileKey(key)) return undefined;
    const stream = createReadStream(this.#pathOf(key));
    return new Promise((resolve) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', () => resolve(undefined));
    });
  }

  async delete(key: string): Promise<void> {
    if (isFileKey(key)) await rm(this.#pathOf(key), { force: true });
  }

  #pathOf(key: string): string {
    return path.join(this.#root, ...key.split('/'));
  }
}
