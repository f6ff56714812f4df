import { useMutation } from '@tanstack/react-query';
import { type CreateProcessingRequest, type GalleryPhoto, type photoResponse, presetMessages } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

/**
 * POST /PhotoProcessor/CreateRequest (spec §7): the preset at full size, saved on the server as the
 * photo's edited version; answers the photo as it is now.
 */
export function applyPhotoPreset(request: CreateProcessingRequest) {
  return api.post<Answer<typeof photoResponse>>('/PhotoProcessor/CreateRequest', request);
}

/**
 * Applies a preset; on success a toast and `onApplied` (the caller refreshes the gallery and leaves).
 * The samples stay valid: they are made from the unedited photo, as the preset is.
 */
export function useApplyPhotoPreset({ onApplied }: { onApplied?: (photo: GalleryPhoto) => void } = {}) {
  return useMutation({
    mutationFn: applyPhotoPreset,
    onSuccess: (photo) => {
      notifySuccess(presetMessages.presetApplied);
      onApplied?.(photo);
    },
  });
}
