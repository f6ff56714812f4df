import { randomBytes } from 'node:crypto';
import type { BackgroundImage } from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import type { BackgroundImageRow } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { BACKDROP_HEIGHT, BACKDROP_WIDTH, BUILT_IN_BACKDROPS, type BuiltInBackdrop, renderBuiltInBackdrop, toBackdrop } from '../../media/backdrops';
import { type Storage, mediaUrl } from '../../storage/storage';
import type { BackgroundsRepository } from './backgrounds.repository';

/** Storage keys of a built-in: fixed (the same on every install), versioned by the slug's `v1`. */
function builtInKeys(backdrop: BuiltInBackdrop): { image: string; thumbnail: string } {
  const base = `backgrounds/builtin-v1-${backdrop.slug}`;
  return { image: `${base}.jpg`, thumbnail: `${base}.thumb.webp` };
}

export interface AddBackdrop {
  file: Buffer;
  name: string;
  /** The corporate client; the default studio when absent. */
  clientId?: number;
}

/**
 * The studio's backdrops for the editor's background panel. A client's own listed backdrops; else the
 * default studio's; else the five built-ins, drawn into storage the first time they are asked for
 * (their keys are fixed and their bytes the same, so instances racing to draw them write the same files).
 */
export class BackgroundsService {
  private builtIns: Promise<BackgroundImage[]> | undefined;

  constructor(
    private readonly backgrounds: BackgroundsRepository,
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  /** GET /background/background-images/by-client/{client}: an unknown client gets the studio's. */
  async listForClient(clientId: number): Promise<BackgroundImage[]> {
    const own = await this.backgrounds.listForClient(clientId);
    if (own.length > 0) return own.map(toBackgroundImage);
    const studioId = await this.backgrounds.defaultClientId();
    if (studioId !== undefined && studioId !== clientId) {
      const studio = await this.backgrounds.listForClient(studioId);
      if (studio.length > 0) return studio.map(toBackgroundImage);
    }
    return this.builtInBackdrops();
  }

  /** Every backdrop of a client (disabled ones too), or of every client. */
  async listForStudio(clientId?: number): Promise<BackgroundImageRow[]> {
    if (clientId === undefined) return this.backgrounds.listAll();
    await this.assertClient(clientId);
    return this.backgrounds.listForClient(clientId, { all: true });
  }

  /** Checks the file by its content, stores its rendition and thumbnail, and lists it. */
  async add({ file, name, clientId }: AddBackdrop): Promise<BackgroundImageRow> {
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 100) throw new ValidationError('A backdrop needs a name of 1 to 100 characters');
    const client = clientId ?? (await this.backgrounds.defaultClientId());
    if (client === undefined) throw new NotFoundError('The studio has no default client yet');
    await this.assertClient(client);
    const files = await toBackdrop(file);
    const base = `backgrounds/${randomBytes(16).toString('hex')}`;
    const keys = { image: `${base}.jpg`, thumbnail: `${base}.thumb.webp` };
    await this.storage.put(keys.image, files.image);
    await this.storage.put(keys.thumbnail, files.thumbnail);
    try {
      return await this.backgrounds.insert({
        corporate_client_id: client,
        name: trimmed,
        image_key: keys.image,
        thumbnail_key: keys.thumbnail,
        width: files.width,
        height: files.height,
        created_at: this.clock().toISOString(),
      });
    } catch (error) {
      await Promise.all([this.storage.delete(keys.image), this.storage.delete(keys.thumbnail)]);
      throw error;
    }
  }

  async get(id: number): Promise<BackgroundImageRow> {
    const row = await this.backgrounds.find(id);
    if (!row) throw new NotFoundError(`There is no backdrop ${id}`);
    return row;
  }

  async setEnabled(id: number, enabled: boolean): Promise<BackgroundImageRow> {
    const row = await this.backgrounds.setStatus(id, enabled ? 1 : 0);
    if (!row) throw new NotFoundError(`There is no backdrop ${id}`);
    return row;
  }

  /** Deletes the row, then its files (a file left behind is harmless; a row without its file is not). */
  async remove(id: number): Promise<BackgroundImageRow> {
    const row = await this.backgrounds.delete(id);
    if (!row) throw new NotFoundError(`There is no backdrop ${id}`);
    await Promise.all([this.storage.delete(row.image_key), this.storage.delete(row.thumbnail_key)]);
    return row;
  }

  private async assertClient(clientId: number): Promise<void> {
    if (!(await this.backgrounds.clientExists(clientId))) throw new NotFoundError(`There is no corporate client ${clientId}`);
  }

  private builtInBackdrops(): Promise<BackgroundImage[]> {
    this.builtIns ??= this.drawBuiltIns().catch((error: unknown) => {
      this.builtIns = undefined;
      throw error;
    });
    return this.builtIns;
  }

  private async drawBuiltIns(): Promise<BackgroundImage[]> {
    return Promise.all(
      BUILT_IN_BACKDROPS.map(async (backdrop) => {
        const keys = builtInKeys(backdrop);
        if (!(await this.storage.exists(keys.image)) || !(await this.storage.exists(keys.thumbnail))) {
          const files = await renderBuiltInBackdrop(backdrop);
          await this.storage.put(keys.image, files.image);
          await this.storage.put(keys.thumbnail, files.thumbnail);
        }
        return {
          id: `builtin-${backdrop.slug}`,
          name: backdrop.name,
          imageUrl: mediaUrl(keys.image),
          thumbnail: mediaUrl(keys.thumbnail),
          width: BACKDROP_WIDTH,
          height: BACKDROP_HEIGHT,
          status: true,
          builtIn: true,
        };
      }),
    );
  }
}

function toBackgroundImage(row: BackgroundImageRow): BackgroundImage {
  return {
    id: String(row.id),
    name: row.name,
    imageUrl: mediaUrl(row.image_key),
    thumbnail: mediaUrl(row.thumbnail_key),
    width: row.width,
    height: row.height,
    status: row.status === 1,
    builtIn: false,
  };
}
