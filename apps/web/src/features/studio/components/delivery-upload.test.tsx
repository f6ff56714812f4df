import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { deliverOrderFile } from '../api/deliver-file';
import type { StudioOrder } from '../api/get-orders';
import { DeliveryUpload, matchPhoto } from './delivery-upload';

// The network edge: the XHR upload itself is exercised end to end by e2e/studio-orders.spec.ts.
vi.mock('../api/deliver-file', () => ({ deliverOrderFile: vi.fn() }));
const deliver = vi.mocked(deliverOrderFile);

const item = (itemId: number, photoName: string) => ({
  itemId,
  photoId: itemId,
  photoName,
  sessionName: 'Headshots',
  serviceType: 'TOUCHUPSERVICE' as const,
  serviceLabel: 'Professional touch-up',
  deliveredAt: null,
  thumbUrl: '/thumb.webp',
  originalUrl: '/original.jpg',
  editedUrl: null,
  editRecipe: null,
});

const order: StudioOrder = {
  id: 12,
  orderId: 'SP-12',
  status: 'PENDING',
  createdAt: '2026-11-20T10:00:00Z',
  dueAt: '2026-11-23T10:00:00Z',
  deliveredAt: null,
  overdue: false,
  customer: { id: 7, email: 'dana@example.com', firstName: 'Dana', lastName: 'Doe' },
  photos: 2,
  deliveredPhotos: 0,
  services: 'Professional touch-up ×2',
  totalPrice: 20,
  items: [item(1, 'IMG_0001'), item(2, 'IMG_0002')],
};

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

afterEach(() => deliver.mockReset());

describe('DeliveryUpload', () => {
  it('matches files to photos by name without extension, in any case', () => {
    expect(matchPhoto(order, 'img_0002.PNG')).toBe('IMG_0002');
    expect(matchPhoto(order, 'IMG_0001.final.jpg')).toBeNull();
  });

  it("uploads matching files one by one with their progress, refuses a name that matches no photo without sending it, and says when the order is delivered", async () => {
    deliver.mockImplementation(async (_orderId, file, onProgress) => {
      onProgress(0.5);
      const photoName = file.name.startsWith('img_0001') ? 'IMG_0001' : 'IMG_0002';
      return { photoName, fileName: file.name, complete: photoName === 'IMG_0002', customerMailed: photoName === 'IMG_0002', missing: photoName === 'IMG_0002' ? [] : ['IMG_0002'] };
    });
    const user = userEvent.setup();
    renderWithProviders(<DeliveryUpload order={order} />);
    await user.upload(fileInput(), [jpeg('img_0001.jpg'), jpeg('holiday.jpg'), jpeg('IMG_0002.jpg')]);

    const uploads = await screen.findByRole('list', { name: 'Uploads' });
    expect(await within(uploads).findByText('Delivered as IMG_0001')).toBeInTheDocument();
    expect(await within(uploads).findByText('Delivered as IMG_0002')).toBeInTheDocument();
    const stray = within(uploads).getByRole('listitem', { name: 'holiday.jpg' });
    expect(within(stray).getByRole('alert')).toHaveTextContent('No photo of this order is named “holiday”. Name the file as its photo: IMG_0001, IMG_0002.');
    expect(deliver.mock.calls.map((call) => [call[0], call[1].name])).toEqual([
      [12, 'img_0001.jpg'],
      [12, 'IMG_0002.jpg'],
    ]);
    expect(await screen.findByText('Every photo has its retouched file. The customer was mailed.')).toBeInTheDocument();
  });

  it("shows the server's message when a file is refused", async () => {
    deliver.mockRejectedValue(new ApiError(400, '“IMG_0001.jpg” is not a JPEG, PNG, WebP or TIFF image.'));
    const user = userEvent.setup();
    renderWithProviders(<DeliveryUpload order={order} />);
    await user.upload(fileInput(), [jpeg('IMG_0001.jpg')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('“IMG_0001.jpg” is not a JPEG, PNG, WebP or TIFF image.');
    expect(screen.getByText('Not delivered')).toBeInTheDocument();
  });
});
