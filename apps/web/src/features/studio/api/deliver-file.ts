import type { studioDeliveryResult } from '@studio-gallery/contract';
import type { Answer } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-file';

export type StudioDeliveryResult = Answer<typeof studioDeliveryResult>;

/** PUT /studio/orders/{id}/files?fileName: one retouched file, its bytes as the body, with progress. */
export function deliverOrderFile(orderId: number, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<StudioDeliveryResult> {
  return uploadFile<StudioDeliveryResult>(`/studio/orders/${orderId}/files`, file, { query: { fileName: file.name }, onProgress, signal });
}
