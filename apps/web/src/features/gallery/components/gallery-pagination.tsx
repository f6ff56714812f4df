import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { paginationWindow } from '@studio-gallery/contract';
import classes from './gallery.module.css';

export interface GalleryPaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

/** Spec §9: all pages when fewer than 10, else the first 3, the current page and the last 3. */
export function GalleryPagination({ page, totalPages, onChange }: GalleryPaginationProps) {
  if (totalPages <= 1) return null;
  const items = paginationWindow(page, totalPages);
  return (
    <nav aria-label="Pagination" className={classes.pagination}>
      <Group gap={6} justify="center" wrap="wrap">
        <ActionIcon variant="default" size="lg" radius="md" onClick={() => onChange(page - 1)} disabled={page <= 1} aria-label="Previous page">
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        {items.map((item) =>
          item.type === 'gap' ? (
            <Text key={item.key} c="dimmed" px={4} aria-hidden>
              …
            </Text>
          ) : (
            <UnstyledButton
              key={item.page}
              className={classes.pageButton}
              data-active={item.page === page || undefined}
              aria-current={item.page === page ? 'page' : undefined}
              aria-label={`Page ${item.page}`}
              onClick={() => onChange(item.page)}
            >
              {item.page}
            </UnstyledButton>
          ),
        )}
        <ActionIcon variant="default" size="lg" radius="md" onClick={() => onChange(page + 1)} disabled={page >= totalPages} aria-label="Next page">
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </nav>
  );
}
