import { sql, type RawBuilder } from 'kysely';
import { moldInfoSchema, type MoldInfo } from '@mouldwatch/shared';

/**
 * Each mould's parsed settings (`molds.info`) as of the row version they were read at (`molds.xmin`:
 * a saved change gives the row a new one). The engines read the row under their locks in any case;
 * with this they are sent the settings, and parse them, only when they changed, not once per batch
 * of readings.
 */
export class MouldInfoCache {
  readonly #parsed = new Map<number, { version: string; info: MoldInfo }>();

  /**
   * A select's `info` from `molds`: the row's, or null where this cache holds the row's version
   * already (`of` answers it from here).
   */
  infoUnlessKnown(moldIds: readonly number[]): RawBuilder<unknown> {
    const known: Record<number, string> = {};
    for (const moldId of moldIds) {
      const cached = this.#parsed.get(moldId);
      if (cached) known[moldId] = cached.version;
    }
    return sql`case when molds.xmin::text = (${JSON.stringify(known)}::jsonb ->> molds.id::text)
      then null else molds.info end`;
  }

  /** The settings of the mould's row at `version`; `raw` the row's `info`, null when this cache holds that version. */
  of(moldId: number, version: string, raw: unknown): MoldInfo {
    const cached = this.#parsed.get(moldId);
    if (cached?.version === version) return cached.info;
    if (raw === null) throw new Error(`mould ${moldId}: the settings of version ${version} were neither sent nor kept`);
    const info = moldInfoSchema.parse(raw);
    this.#parsed.set(moldId, { version, info });
    return info;
  }
}
