import { type UpdateUserDetailsRequest, type UserDetails, messages } from '@studio-gallery/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { NotFoundError } from '../../errors';
import { decodeBase64Image, toProfileImage } from '../../media/profile-image';
import { type Storage, newMediaKey } from '../../storage/storage';
import { toUserDetails } from './user-details';
import type { ProfileChanges, UsersRepository } from './users.repository';

/** Profile details and photo. Callers have already checked that the user acts for themselves. */
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async getDetails(userId: number): Promise<UserDetails> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError(messages.notFound);
    return toUserDetails(user);
  }

  /** Updates names, contact number and (when given) the photo. The email is read-only and ignored. */
  async updateDetails(userId: number, input: UpdateUserDetailsRequest): Promise<UserDetails> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError(messages.notFound);

    const newImageKey = input.profileImageBase64 ? await this.storeProfileImage(input.profileImageBase64) : null;
    const changes: ProfileChanges = {
      firstName: input.firstName,
      lastName: input.lastName,
      contactNumber: input.contactNumber === undefined ? user.contact_number : input.contactNumber || null,
      imageKey: newImageKey ?? user.image_key,
    };
    const updated = await this.users.updateProfile(userId, changes, this.clock()).catch(async (error: unknown) => {
      if (newImageKey) await this.deleteQuietly(newImageKey);
      throw error;
    });
    if (!updated) throw new NotFoundError(messages.notFound);
    if (newImageKey && user.image_key) await this.deleteQuietly(user.image_key);
    return toUserDetails(updated);
  }

  private async storeProfileImage(base64: string): Promise<string> {
    const image = await toProfileImage(decodeBase64Image(base64));
    const key = newMediaKey('avatars', 'webp');
    await this.storage.put(key, image);
    return key;
  }

  /** A leftover file is harmless; a failed request because of one is not. */
  private async deleteQuietly(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.log.warn({ err: error, key }, 'could not delete a replaced media file');
    }
  }
}
