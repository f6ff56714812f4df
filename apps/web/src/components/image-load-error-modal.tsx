import { Button, Group, Modal, Text } from '@mantine/core';
import { Link } from 'react-router';
import { imageLoadErrorMessage, type ImageLoadFailure } from '../lib/image-load-error';

export interface ImageLoadErrorModalProps {
  failure: ImageLoadFailure | null;
  onRetry: () => void;
  onClose: () => void;
  /** Where "Log in" goes on a 401. */
  loginHref: string;
}

/** Image binary load failure (spec §8): the reason as title, Try Again (Log in on 401) and Close. */
export function ImageLoadErrorModal({ failure, onRetry, onClose, loginHref }: ImageLoadErrorModalProps) {
  const unauthorized = failure?.kind === 'status' && failure.status === 401;
  return (
    <Modal opened={failure !== null} onClose={onClose} title={failure ? imageLoadErrorMessage(failure) : ''} centered styles={{ title: { fontWeight: 700 } }}>
      <Text size="sm" mb="md">
        {unauthorized ? 'Please log in to view this image.' : 'The image could not be loaded.'}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        {unauthorized ? (
          <Button component={Link} to={loginHref}>
            Log in
          </Button>
        ) : (
          <Button onClick={onRetry}>Try Again</Button>
        )}
      </Group>
    </Modal>
  );
}
