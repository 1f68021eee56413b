import { moldInfoSchema, type MoldInfo } from '@mouldwatch/shared';

/**
 * Each mould's parsed settings (`molds.info`) as of the row version they were read at (`molds.xmin`:
 * a saved change gives the row a new one). The engines read the row under their locks in any case;
 * with this they parse it only when it changed, not once per batch of readings.
 */
export class MouldInfoCache {
  readonly #parsed = new Map<number, { version: string; info: MoldInfo }>();

  of(moldId: number, version: string, raw: unknown): MoldInfo {
    const cached = this.#parsed.get(moldId);
    if (cached?.version === version) return cached.info;
    const info = moldInfoSchema.parse(raw ?? {});
    this.#parsed.set(moldId, { version, info });
    return info;
  }
}
