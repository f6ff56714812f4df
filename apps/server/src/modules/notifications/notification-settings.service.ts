import type { NotificationSettings } from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import type { NotificationPreferences, NotificationSettingsRepository } from './notification-settings.repository';

/** Email and SMS are on until the user turns them off (spec §9). */
const DEFAULT_PREFERENCES: NotificationPreferences = { isEmail: true, isSms: true };

export class NotificationSettingsService {
  constructor(
    private readonly settings: NotificationSettingsRepository,
    private readonly clock: Clock,
  ) {}

  async get(userId: number): Promise<NotificationSettings> {
    return { userId, ...((await this.settings.find(userId)) ?? DEFAULT_PREFERENCES) };
  }

  async save(userId: number, preferences: NotificationPreferences): Promise<NotificationSettings> {
    await this.settings.save(userId, preferences, this.clock());
    return { userId, isEmail: preferences.isEmail, isSms: preferences.isSms };
  }
}
