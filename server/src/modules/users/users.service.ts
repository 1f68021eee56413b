import type { AlertChannels, UserInfo, UserInfoUpdate } from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import type { Transaction } from 'kysely';
import type { Database, UserUpdate } from '../../infra/db/schema.js';
import { invalidInput, unauthenticated } from '../../infra/http/errors.js';
import { presentUserInfo } from './users.presenter.js';
import { UsersRepository } from './users.repository.js';
import { isKnownTimeZone, parseLanguage } from '@mouldwatch/shared';

/** Where each user's choice of alert channels per alarm type lives (modules/alerts). */
export interface AlertChannelStore {
  channelsOf(userId: number): Promise<AlertChannels>;
  saveChannels(userId: number, channels: AlertChannels, trx: Transaction<Database>): Promise<void>;
}

export class UsersService {
  readonly #repository: UsersRepository;

  constructor(
    private readonly context: AppContext,
    private readonly alertChannels: AlertChannelStore,
  ) {
    this.#repository = new UsersRepository(context.db);
  }

  async userInfo(userId: number): Promise<UserInfo> {
    const row = await this.#repository.findProfile(userId);
    if (!row) throw unauthenticated();
    return presentUserInfo(row, await this.alertChannels.channelsOf(userId));
  }

  /** Saves the user's own profile and display preferences; role, avatar and gender are not theirs to set here. */
  async updateUserInfo(userId: number, update: UserInfoUpdate): Promise<UserInfo> {
    const columns = toColumns(update);
    await this.context.db.transaction().execute(async (trx) => {
      await new UsersRepository(trx).update(userId, columns);
      if (update.alertChannels) await this.alertChannels.saveChannels(userId, update.alertChannels, trx);
    });
    return this.userInfo(userId);
  }
}

function toColumns(update: UserInfoUpdate): UserUpdate {
  if (update.timeZone !== undefined && !isKnownTimeZone(update.timeZone))
    throw invalidInput(`timeZone: ${update.timeZone}`);
  const language =
    update.language === undefined ? undefined : update.language === '' ? '' : parseLanguage(update.language);
  if (language === undefined && update.language !== undefined) throw invalidInput(`language: ${update.language}`);
  const columns: UserUpdate = {
    name: update.name,
    email: update.email,
    mobile: update.mobile,
    subscribe: update.subscribe,
    frequency: update.frequency,
    frequency_period: update.frequencyPeriod,
    time_zone: update.timeZone,
    utc_offset: update.utcOffset,
    unit: update.unit,
    jk_type: update.jkType,
    language,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as UserUpdate;
}
