import { useId } from 'react';
import { Button, Indicator, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconShoppingCart } from '@tabler/icons-react';
import { useJustAdded } from '../stores/added-flash';

/**
 * The top bar's cart button with its item count (the stored `totalItems`, which the cart store keeps);
 * shows "Added" for 6 s after an add (spec §2). Its accessible name stays "Cart"; the count (and
 * "Added") are its description.
 */
export function CartButton({ count, onClick }: { count: number; onClick: () => void }) {
  const justAdded = useJustAdded();
  const descriptionId = useId();
  return (
    <Indicator label={<span aria-hidden>{count}</span>} size={18} offset={5} color="brand" disabled={count === 0} inline withBorder>
      <Button
        variant={justAdded ? 'light' : 'subtle'}
        color={justAdded ? 'teal.9' : 'gray'}
        size="sm"
        px={justAdded ? 'sm' : 8}
        onClick={onClick}
        leftSection={justAdded ? <IconCheck size={18} aria-hidden /> : <IconShoppingCart size={21} stroke={1.6} aria-hidden />}
        aria-label="Cart"
        aria-describedby={descriptionId}
        styles={{ section: justAdded ? undefined : { marginInlineEnd: 0 } }}
      >
        {justAdded ? <span aria-hidden>Added</span> : null}
        <VisuallyHidden id={descriptionId}>
          {count} {count === 1 ? 'item' : 'items'}
          {justAdded ? ', added' : ''}
        </VisuallyHidden>
      </Button>
    </Indicator>
  );
}
