import path from 'node:path';
import {
  COMPANY_SLIDER_IMAGE_MAX_BYTES,
  type Company,
  type CompanySliderKind,
  type StudioBackdrop,
  type StudioSliderImage,
  type UploadSliderImageQuery,
} from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import type { BackgroundImageRow, SliderImageRow, SliderKind } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { type Storage, mediaUrl, newMediaKey } from '../../storage/storage';
import type { BackgroundsService } from '../backgrounds/backgrounds.service';
import type { BrandingRepository, SliderOwner } from '../branding/branding.repository';
import type { ActivityActor, ActivityRepository } from '../studio/activity.repository';
import type { CompaniesService } from './companies.service';
import { type BrandingRendition, toBrandingImage } from './company-images';

/** The studio's names of the sliders, and the table's (after the spec's GetAllGalleryRotateImage / GetAllCorporateRotateImage). */
const SLIDER_KINDS: Record<CompanySliderKind, SliderKind> = { login: 'gallery', sidebar: 'corporate' };
/** Slider pictures: JPEG within 1920x1920, never enlarged. */
const SLIDER_RENDITION: BrandingRendition = { width: 1920, height: 1920, format: 'jpg' };

/**
 * A company's pictures (issue 15 §2, admins): its editor backdrops (stored by BackgroundsService, as
 * the CLI's) and its login and sidebar sliders. The studio is the default company and is managed the
 * same way. Every change is recorded in the activity log; deleting a picture deletes its files.
 */
export class CompanyMediaService {
  constructor(
    private readonly companies: CompaniesService,
    private readonly backgrounds: BackgroundsService,
    private readonly sliders: BrandingRepository,
    private readonly storage: Storage,
    private readonly activity: ActivityRepository,
    private readonly clock: Clock,
  ) {}

  async backdrops(companyId: number): Promise<StudioBackdrop[]> {
    await this.companies.get(companyId);
    return (await this.backgrounds.listForStudio(companyId)).map(toStudioBackdrop);
  }

  /** `name`: the backdrop's, else the file's name without its extension. */
  async addBackdrop(actor: ActivityActor, companyId: number, file: Buffer, name: string | undefined, fileName: string | undefined): Promise<StudioBackdrop> {
    const company = await this.companies.get(companyId);
    const fromFile = fileName ? path.parse(fileName).name.slice(0, 100) : '';
    const row = await this.backgrounds.add({ file, name: name?.trim() || fromFile.trim() || 'Backdrop', clientId: companyId });
    await this.record(actor, 'backgrounds.add', `background:${row.id}`, { name: row.name, companyId, company: company.name });
    return toStudioBackdrop(row);
  }

  async setBackdropEnabled(actor: ActivityActor, companyId: number, backdropId: number, enabled: boolean): Promise<StudioBackdrop> {
    const company = await this.companies.get(companyId);
    await this.backdropOf(companyId, backdropId);
    const row = await this.backgrounds.setEnabled(backdropId, enabled);
    await this.record(actor, enabled ? 'backgrounds.enable' : 'backgrounds.disable', `background:${row.id}`, { name: row.name, companyId, company: company.name });
    return toStudioBackdrop(row);
  }

  async removeBackdrop(actor: ActivityActor, companyId: number, backdropId: number): Promise<void> {
    const company = await this.companies.get(companyId);
    await this.backdropOf(companyId, backdropId);
    const row = await this.backgrounds.remove(backdropId);
    await this.record(actor, 'backgrounds.remove', `background:${row.id}`, { name: row.name, companyId, company: company.name });
  }

  async sliderImages(companyId: number, kind: CompanySliderKind): Promise<StudioSliderImage[]> {
    const owner = sliderOwner(await this.companies.get(companyId));
    return (await this.sliders.listSliderImages(SLIDER_KINDS[kind], owner)).map(toStudioSliderImage);
  }

  /** Checks the picture by its content, stores its rendition and puts it last. */
  async addSliderImage(actor: ActivityActor, companyId: number, kind: CompanySliderKind, file: Buffer, details: UploadSliderImageQuery): Promise<StudioSliderImage> {
    const company = await this.companies.get(companyId);
    const owner = sliderOwner(company);
    const { data, extension } = await toBrandingImage(file, SLIDER_RENDITION, COMPANY_SLIDER_IMAGE_MAX_BYTES);
    const key = newMediaKey('sliders', extension);
    await this.storage.put(key, data);
    const existing = await this.sliders.listSliderImages(SLIDER_KINDS[kind], owner);
    const now = this.clock();
    let row: SliderImageRow;
    try {
      row = await this.sliders.insertSliderImage({
        kind: SLIDER_KINDS[kind],
        corporate_client_id: companyId,
        title: details.title?.trim() || null,
        link_url: details.url?.trim() || null,
        photo_key: key,
        position: Math.max(-1, ...existing.map((image) => image.position)) + 1,
        created_at: now.toISOString(),
      });
    } catch (error) {
      await this.storage.delete(key);
      throw error;
    }
    await this.record(actor, 'company.slider.add', `company:${companyId}`, { company: company.name, slider: kind, imageId: row.id, title: row.title });
    return toStudioSliderImage(row);
  }

  /** `ids`: every picture of the slider, once each, in the new order. */
  async reorderSliderImages(actor: ActivityActor, companyId: number, kind: CompanySliderKind, ids: readonly number[]): Promise<StudioSliderImage[]> {
    const company = await this.companies.get(companyId);
    const owner = sliderOwner(company);
    const current = await this.sliders.listSliderImages(SLIDER_KINDS[kind], owner);
    const known = new Set(current.map((image) => image.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw new ValidationError('Send every picture of the slider once, in the new order (the slider may have changed: reload it)');
    }
    await this.sliders.setSliderOrder(ids);
    await this.record(actor, 'company.slider.reorder', `company:${companyId}`, { company: company.name, slider: kind, ids });
    return this.sliderImages(companyId, kind);
  }

  async removeSliderImage(actor: ActivityActor, companyId: number, kind: CompanySliderKind, imageId: number): Promise<void> {
    const company = await this.companies.get(companyId);
    const row = await this.sliders.deleteSliderImage(imageId, SLIDER_KINDS[kind], sliderOwner(company));
    if (!row) throw new NotFoundError('This slider has no such picture');
    await this.storage.delete(row.photo_key);
    await this.record(actor, 'company.slider.remove', `company:${companyId}`, { company: company.name, slider: kind, imageId, title: row.title });
  }

  /** The backdrop, when it is the company's; 404 otherwise. */
  private async backdropOf(companyId: number, backdropId: number): Promise<BackgroundImageRow> {
    const row = await this.backgrounds.get(backdropId).catch(() => undefined);
    if (!row || row.corporate_client_id !== companyId) throw new NotFoundError('This company has no such backdrop');
    return row;
  }

  private record(actor: ActivityActor, action: string, subject: string, details: Record<string, unknown>): Promise<void> {
    return this.activity.recordActivity(actor, action, subject, details, this.clock());
  }
}

function sliderOwner(company: Company): SliderOwner {
  return company.isDefault ? 'studio' : { clientId: company.id };
}

function toStudioBackdrop(row: BackgroundImageRow): StudioBackdrop {
  return {
    id: row.id,
    name: row.name,
    imageUrl: mediaUrl(row.image_key),
    thumbnailUrl: mediaUrl(row.thumbnail_key),
    width: row.width,
    height: row.height,
    enabled: row.status === 1,
    createdAt: row.created_at,
  };
}

function toStudioSliderImage(row: SliderImageRow): StudioSliderImage {
  return { id: row.id, title: row.title, photoUrl: mediaUrl(row.photo_key), url: row.link_url, position: row.position, createdAt: row.created_at };
}
