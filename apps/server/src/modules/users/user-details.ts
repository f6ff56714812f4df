import type { UserDetails } from '@studio-gallery/contract';
import { type UserRow, fromFlag } from '../../db/schema';
import { mediaUrl } from '../../storage/storage';

export function toUserDetails(row: UserRow): UserDetails {
  return {
    id: row.id,
    userId: row.id,
    login: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    contactNumber: row.contact_number,
    imageUrl: mediaUrl(row.image_key),
    activated: fromFlag(row.activated),
    role: row.role,
  };
}
