import { type UpdateUserDetailsRequest, type UserDetails, messages } from '@studio-gallery/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { NotFoundError } from '../../errors';
import type { ImageWorkQueue } from '../../media/image-work-queue';
import { decodeBase64Image, toProfileImage } from '../../media/profile-image';
import { type Storage, newMediaKey } from '../../storage/storage';
import { toUserDetails } from './user-details';
import type { ProfileChanges, UsersRepository } from './users.repository';

/** Profile details and photo. Callers have already checked that the user acts for themselves. */
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly storage: Storage,
    private readonly imageWork: ImageWorkQueue,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async getDetails(userId: number): Promise<UserDetails> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError(messages.notFound);
    return toUserDetails(user);
  }

  /** A photo upload would be refused now (503): lets the route refuse a large body before reading it. */
  assertImageRoom(): void {
    this.imageWork.assertRoom();
  }

  /**
   * Updates names, contact number and (when given) the photo. The email is read-only and ignored.
   *
   * A user has exactly one photo file, whatever the order of concurrent uploads: the new file is
   * written under a fresh key, swapped in by one conditional UPDATE (only while the row still holds the
   * key read just before; else read again and retry), and the key it replaced is deleted. Each file
   * ever swapped in is thus deleted by the one upload that replaced it, and a file that never made it
   * in by its own upload. The retry loop ends: each failed swap means another upload's swap succeeded.
   */
  async updateDetails(userId: number, input: UpdateUserDetailsRequest): Promise<UserDetails> {
    let user = await this.users.findById(userId);
    if (!user) throw new NotFoundError(messages.notFound);

    const newImageKey = input.profileImageBase64 ? await this.storeProfileImage(input.profileImageBase64) : null;
    try {
      for (;;) {
        const changes: ProfileChanges = {
          firstName: input.firstName,
          lastName: input.lastName,
          contactNumber: input.contactNumber === undefined ? user.contact_number : input.contactNumber || null,
          ...(newImageKey ? { image: { key: newImageKey, expected: user.image_key } } : {}),
        };
        const updated = await this.users.updateProfile(userId, changes, this.clock());
        if (updated) {
          if (newImageKey && user.image_key) await this.deleteQuietly(user.image_key);
          return toUserDetails(updated);
        }
        // Another upload swapped the photo since we read it (or the user is gone): read again.
        user = await this.users.findById(userId);
        if (!user) throw new NotFoundError(messages.notFound);
      }
    } catch (error) {
      if (newImageKey) await this.deleteQuietly(newImageKey);
      throw error;
    }
  }

  /** Decoded, checked and rendered in the image queue (503 when it is full); stored under a fresh key. */
  private async storeProfileImage(base64: string): Promise<string> {
    const image = await this.imageWork.run(() => toProfileImage(decodeBase64Image(base64)));
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
