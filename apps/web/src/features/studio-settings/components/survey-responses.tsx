import { useState } from 'react';
import { Paper, Table, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../components/studio/empty-state';
import { ListPagination } from '../../../components/studio/list-pagination';
import { LoadFailed } from '../../../components/studio/load-failed';
import { FullPageLoader } from '../../../components/full-page-loader';
import { formatDate } from '../../../lib/format';
import { type StudioSurvey, useStudioSurveyResponses } from '../api/surveys';

const PAGE_SIZE = 25;

/** A survey's answers, a page at a time (GET /studio/surveys/{id}/responses), one column per question. */
export function SurveyResponses({ survey }: { survey: StudioSurvey }) {
  const [page, setPage] = useState(1);
  const responses = useStudioSurveyResponses(survey.id, page, PAGE_SIZE);
  const titleId = `survey-${survey.id}-answers`;

  let body;
  if (responses.isPending) body = <FullPageLoader label="Loading the answers" />;
  else if (responses.isError) body = <LoadFailed what="The answers" onRetry={() => void responses.refetch()} />;
  else if (responses.data.total === 0) body = <EmptyState title="No answers yet.">Answers show here once customers fill in the survey.</EmptyState>;
  else {
    body = (
      <>
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={Math.max(640, 360 + survey.questions.length * 180)} type="native">
            <Table verticalSpacing="sm" striped aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Session code</Table.Th>
                  {survey.questions.map((question) => (
                    <Table.Th key={question.id}>{question.label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {responses.data.items.map((response) => (
                  <Table.Tr key={response.id}>
                    <Table.Td>{formatDate(response.submittedAt)}</Table.Td>
                    <Table.Td>{response.email}</Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" truncate="end" maw={160} title={response.sessionCode}>
                        {response.sessionCode || '—'}
                      </Text>
                    </Table.Td>
                    {survey.questions.map((question) => (
                      <Table.Td key={question.id} style={{ whiteSpace: 'pre-wrap' }}>
                        {response.answers[question.id] ?? ''}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <ListPagination page={page} pageSize={PAGE_SIZE} total={responses.data.total} onChange={setPage} noun="answers" />
      </>
    );
  }

  return (
    <section aria-labelledby={titleId}>
      <Title order={2} fz="lg" mb="sm" id={titleId}>
        Answers to “{survey.title}”
      </Title>
      {body}
    </section>
  );
}
