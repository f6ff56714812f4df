import { Center, Loader } from '@mantine/core';

/** A centred spinner while a screen's first data arrives. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60dvh" role="status" aria-label={label}>
      <Loader color="gray" type="dots" />
    </Center>
  );
}
