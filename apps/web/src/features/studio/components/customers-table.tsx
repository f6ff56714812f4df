import { useState } from 'react';
import { ActionIcon, Anchor, Loader, Paper, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { FullPageLoader } from '../../../components/full-page-loader';
import { useStudioCustomers } from '../api/get-customers';
import { displayName, formatDateTime } from '../lib/format';
import { EmptyState } from '../../../components/studio/empty-state';
import { ListPagination } from '../../../components/studio/list-pagination';
import { LoadFailed } from '../../../components/studio/load-failed';

export const CUSTOMERS_PAGE_SIZE = 25;
/** How long typing pauses before the search is sent (Enter sends it at once). */
export const SEARCH_DEBOUNCE_MS = 350;

/** Customers: a search (email or name), a table of them and pages (GET /studio/customers). */
export function CustomersTable() {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const customers = useStudioCustomers({ search, page, pageSize: CUSTOMERS_PAGE_SIZE });

  const commit = (value: string) => {
    const next = value.trim();
    if (next === search) return;
    setSearch(next);
    setPage(1);
  };
  const debouncedCommit = useDebouncedCallback(commit, SEARCH_DEBOUNCE_MS);

  const searchBox = (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        debouncedCommit.cancel();
        commit(input);
      }}
    >
      <TextInput
        label="Search customers"
        placeholder="Name or email"
        value={input}
        maxLength={200}
        leftSection={<IconSearch size={16} stroke={1.6} />}
        rightSection={
          customers.isFetching && !customers.isPending ? (
            <Loader size={14} />
          ) : input ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Clear the search"
              onClick={() => {
                setInput('');
                debouncedCommit.cancel();
                commit('');
              }}
            >
              <IconX size={14} />
            </ActionIcon>
          ) : null
        }
        onChange={(event) => {
          setInput(event.currentTarget.value);
          debouncedCommit(event.currentTarget.value);
        }}
        maw={420}
        mb="md"
      />
    </form>
  );

  if (customers.isPending) return <>{searchBox}<FullPageLoader label="Loading customers" /></>;
  if (customers.isError) return <>{searchBox}<LoadFailed what="The customers" onRetry={() => void customers.refetch()} /></>;

  const { items, total } = customers.data;
  return (
    <>
      {searchBox}
      {items.length === 0 ? (
        <EmptyState title={search ? `No customers match “${search}”.` : 'No customers yet.'}>
          {search ? 'Try part of a name or an email address.' : 'Customers show here once they sign up or are invited.'}
        </EmptyState>
      ) : (
        <Paper withBorder radius="md" style={{ opacity: customers.isPlaceholderData ? 0.6 : 1 }}>
          <Table.ScrollContainer minWidth={720} type="native">
            <Table verticalSpacing="sm" highlightOnHover aria-label="Customers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th ta="right">Sessions</Table.Th>
                  <Table.Th ta="right">Photos</Table.Th>
                  <Table.Th>Last activity</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((customer) => (
                  <Table.Tr key={customer.id}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.studioCustomerOf(customer.id)} size="sm" fw={500}>
                        {displayName(customer.firstName, customer.lastName, customer.email)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Anchor href={`mailto:${customer.email}`} size="sm">
                        {customer.email}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{customer.sessions}</Table.Td>
                    <Table.Td ta="right">{customer.photos}</Table.Td>
                    <Table.Td>
                      {customer.lastActivityAt ? (
                        <Text size="sm" component="time" dateTime={customer.lastActivityAt}>
                          {formatDateTime(customer.lastActivityAt)}
                        </Text>
                      ) : (
                        <Text size="sm" c="dimmed">
                          Never
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ListPagination page={page} pageSize={CUSTOMERS_PAGE_SIZE} total={total} onChange={setPage} noun="customers" />
    </>
  );
}
