import { useState } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { EmptyState } from '../../../components/studio/empty-state';
import { FormErrorAlert } from '../../../components/form-alert';
import { FullPageLoader } from '../../../components/full-page-loader';
import { LoadFailed } from '../../../components/studio/load-failed';
import { errorMessage } from '../../../lib/api-client';
import { type StudioSurvey, useDownloadSurveyCsv, useStudioSurveys } from '../api/surveys';
import { SurveyResponses } from './survey-responses';

function SurveyCard({ survey, selected, onShow }: { survey: StudioSurvey; selected: boolean; onShow: () => void }) {
  const download = useDownloadSurveyCsv();
  return (
    <Paper withBorder radius="md" p="md" aria-label={survey.title} component="article">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={3} fz="md">
              {survey.title}
            </Title>
            <Text size="xs" c="dimmed" ff="monospace">
              {survey.formKey}
            </Text>
          </div>
          <Badge variant="light" color={survey.active ? 'teal' : 'gray'}>
            {survey.active ? 'Active' : 'Off'}
          </Badge>
        </Group>
        <Text size="sm">
          {survey.responseCount === 1 ? '1 answer' : `${survey.responseCount} answers`} · {survey.questions.length === 1 ? '1 question' : `${survey.questions.length} questions`}
        </Text>
        <FormErrorAlert message={download.isError ? errorMessage(download.error, 'The CSV could not be downloaded. Try again.') : null} />
        <Group gap="xs">
          <Button size="xs" variant={selected ? 'filled' : 'light'} onClick={onShow} aria-pressed={selected}>
            Show answers
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} stroke={1.6} />}
            loading={download.isPending}
            disabled={survey.responseCount === 0}
            onClick={() => download.mutate(survey)}
            aria-label={`Download the answers to ${survey.title} as CSV`}
          >
            CSV
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /studio/surveys: the surveys (GET /studio/surveys), the answers of one, and their CSV. */
export function SurveysOverview() {
  const surveys = useStudioSurveys();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  if (surveys.isPending) return <FullPageLoader label="Loading the surveys" />;
  if (surveys.isError) return <LoadFailed what="The surveys" onRetry={() => void surveys.refetch()} />;
  const items = surveys.data.items;
  if (items.length === 0) {
    return <EmptyState title="No surveys yet.">Add one with npm run studio -- surveys add (see docs/operations.md).</EmptyState>;
  }
  const selected = items.find((s) => s.id === selectedId) ?? items.find((s) => s.responseCount > 0) ?? items[0]!;
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {items.map((survey) => (
          <SurveyCard key={survey.id} survey={survey} selected={survey.id === selected.id} onShow={() => setSelectedId(survey.id)} />
        ))}
      </SimpleGrid>
      <SurveyResponses key={selected.id} survey={selected} />
    </Stack>
  );
}
