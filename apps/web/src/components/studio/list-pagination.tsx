import { Group, Pagination, Text } from '@mantine/core';

export interface ListPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** What the list holds, plural ("customers"). */
  noun: string;
}

/** "Showing 26–50 of 120 customers" and the page buttons (none when everything fits on one page). */
export function ListPagination({ page, pageSize, total, onChange, noun }: ListPaginationProps) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {first}–{last} of {total} {noun}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onChange}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control === 'previous' ? 'Previous' : control === 'next' ? 'Next' : control === 'first' ? 'First' : 'Last'} page` })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      ) : null}
    </Group>
  );
}
