import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Image, Paper, ScrollArea, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock, IconInfoCircle, IconLogin2, IconShoppingCartPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  alreadyOrderedText,
  commerceMessages,
  computeCartTotals,
  galleryMessages,
  serviceLabels,
  servicePriceOf,
  toCents,
  toDollars,
  turnaroundText,
  type ServiceType,
} from '@studio-gallery/contract';
import { formatMoney } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useServicePrices } from '../../../lib/service-prices';
import { useOrderedPhotos } from '../api/get-ordered-photos';
import { taxRateOf, useTaxDetail } from '../api/get-tax-detail';
import { cartItemFor, photosFor, type OrderablePhoto } from '../lib/cart-items';
import { ADDED_FLASH_MS } from '../stores/added-flash';
import { cartStore } from '../stores/cart-store';
import { OrderModal } from '../../../components/order-modal';

const DESCRIPTIONS: Record<ServiceType, string> = {
  TOUCHUPSERVICE: 'A retoucher hand-finishes each photo: skin, stray hairs, glare and small blemishes, keeping you looking like you.',
  BACKGROUNDSERVICE: 'A retoucher replaces the background of each photo with a clean studio backdrop.',
};

export interface ServiceModalProps {
  opened: boolean;
  onClose: () => void;
  serviceType: ServiceType;
  /** One photo, or the gallery's selection. */
  photos: readonly OrderablePhoto[];
  /** Signed in with a token (session-code visitors cannot add to the cart). */
  canOrder: boolean;
  loginHref: string;
  /** The legacy /ImageBackground route: shown, but not orderable ("Coming Soon"). */
  comingSoon?: boolean;
}

/** Touch-up and background modals (spec §2, §4): photos, price per photo, turnaround, ADD TO CART. */
export function ServiceModal({ opened, onClose, serviceType, photos, canOrder, loginHref, comingSoon = false }: ServiceModalProps) {
  return (
    <OrderModal opened={opened} onClose={onClose} title={serviceLabels[serviceType]} size="lg" titleSize="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <ServiceOrder serviceType={serviceType} photos={photos} canOrder={canOrder} loginHref={loginHref} comingSoon={comingSoon} />
    </OrderModal>
  );
}

/** The order itself (photos, price, turnaround, ADD TO CART): in the modal, and in the editor's professionalRetouch panel. */
export function ServiceOrder({ serviceType, photos, canOrder, loginHref, comingSoon = false }: Omit<ServiceModalProps, 'opened' | 'onClose'>) {
  const prices = useServicePrices();
  const tax = useTaxDetail();
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const orderable = photosFor(serviceType, photos);
  const leftOut = photos.length - orderable.length;
  // Photos that already have this service in an order (the server knows): a warning with the order number.
  const ordered = useOrderedPhotos(
    serviceType,
    orderable.map((photo) => photo.id),
    canOrder && !comingSoon,
  );
  const alreadyOrdered = (ordered.data?.items ?? []).flatMap((item) => {
    const photo = orderable.find((p) => p.id === item.photoId);
    return photo ? [alreadyOrderedText(photo.name, item)] : [];
  });
  const price = prices.data ? servicePriceOf(prices.data, serviceType) : undefined;
  const priceKnown = typeof price === 'number';
  // Sum of the photos' prices through the one cart arithmetic (no tax here: shown in the cart).
  const subtotal = priceKnown ? toDollars(computeCartTotals(orderable.map(() => ({ priceCents: toCents(price), taxBasisPoints: 0 }))).itemPriceCents) : null;

  const onAdd = () => {
    if (!canOrder) {
      notifyError(galleryMessages.addToCartNeedsLogin);
      return;
    }
    if (!priceKnown || !tax.data) return;
    const rate = taxRateOf(tax.data.taxValue);
    const count = cartStore.add(orderable.map((photo) => cartItemFor(photo, serviceType, price, rate)));
    if (count > 0) notifySuccess(commerceMessages.itemAddedToCart);
    else notifySuccess('These photos are already in your cart.');
    setAdded(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAdded(false), ADDED_FLASH_MS);
  };

  let action;
  if (comingSoon) {
    action = (
      <Button disabled fullWidth size="md">
        Coming Soon
      </Button>
    );
  } else if (!canOrder) {
    action = (
      <Stack gap="xs">
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} p="sm">
          {galleryMessages.addToCartNeedsLogin}
        </Alert>
        <Button component={Link} to={loginHref} fullWidth size="md" leftSection={<IconLogin2 size={18} aria-hidden />}>
          Log in
        </Button>
      </Stack>
    );
  } else if (prices.isPending || tax.isPending) {
    action = <Skeleton h={42} radius="sm" />;
  } else if (!priceKnown) {
    action = (
      <Button disabled fullWidth size="md" tt="uppercase">
        Login add to cart
      </Button>
    );
  } else if (added) {
    action = (
      <Button fullWidth size="md" color="teal.9" tt="uppercase" leftSection={<IconCheck size={18} aria-hidden />} aria-live="polite" onClick={onAdd}>
        Added
      </Button>
    );
  } else {
    action = (
      <Button fullWidth size="md" tt="uppercase" leftSection={<IconShoppingCartPlus size={18} aria-hidden />} onClick={onAdd} disabled={orderable.length === 0 || !tax.data}>
        Add to cart
      </Button>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {DESCRIPTIONS[serviceType]}
      </Text>
      {orderable.length > 0 ? (
        <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
          <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Photos">
            {orderable.map((photo) => (
              <li key={photo.id}>
                <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
                  <Image src={photo.thumbnailUrl} alt="" h={110} fit="cover" fallbackSrc="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==" />
                  <Text size="xs" px={6} py={4} truncate="end" title={photo.name}>
                    {photo.name}
                  </Text>
                </Paper>
              </li>
            ))}
          </SimpleGrid>
        </ScrollArea.Autosize>
      ) : (
        <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
          {leftOut > 0 ? commerceMessages.alreadyRetouched : 'No photos chosen.'}
        </Alert>
      )}
      {alreadyOrdered.length > 0 ? (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title="Already ordered" p="sm">
          <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {alreadyOrdered.map((text) => (
              <Text component="li" size="sm" key={text}>
                {text}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {leftOut > 0 && orderable.length > 0 ? (
        <Text size="sm" c="dimmed">
          {leftOut} already-retouched {leftOut === 1 ? 'photo was' : 'photos were'} left out: {commerceMessages.alreadyRetouched.toLowerCase()}
        </Text>
      ) : null}
      <Paper withBorder radius="md" p="sm">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">Price per photo</Text>
            {prices.isPending ? <Skeleton h={16} w={60} /> : <Text fw={600}>{priceKnown ? formatMoney(price) : 'Not available'}</Text>}
          </Group>
          {subtotal !== null && orderable.length > 1 ? (
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                {orderable.length} photos
              </Text>
              <Text fw={600}>{formatMoney(subtotal)}</Text>
            </Group>
          ) : null}
          {prices.data ? (
            <Group gap={6} wrap="nowrap">
              <IconClock size={16} aria-hidden />
              <Text size="sm" c="dimmed">
                {turnaroundText(prices.data.allowedTurnAround)}
              </Text>
            </Group>
          ) : null}
          <Text size="xs" c="dimmed">
            Tax is added in your cart.
          </Text>
        </Stack>
      </Paper>
      {action}
    </Stack>
  );
}
