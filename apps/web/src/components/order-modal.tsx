import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

export type OrderModalProps = Omit<ModalProps, 'centered' | 'fullScreen' | 'styles'> & { titleSize?: 'lg' | 'xl' };

/**
 * The ordering flow's dialogs (touch-up/background, cart, payment, order placed): centred, full screen
 * on phones, a bold title. The body is mounted only while the dialog is open.
 */
export function OrderModal({ opened, titleSize = 'xl', children, ...props }: OrderModalProps) {
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  return (
    <Modal
      opened={opened}
      centered
      fullScreen={isPhone}
      styles={{ title: { fontWeight: 700, fontSize: `var(--mantine-font-size-${titleSize})` } }}
      {...props}
    >
      {opened ? children : null}
    </Modal>
  );
}
