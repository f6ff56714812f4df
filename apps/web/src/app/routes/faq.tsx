import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PageHeader } from '../../components/page-header';
import { APP_VERSION } from '../../config/version';
import { FaqList } from '../../features/branding/components/faq-list';

export function FaqRoute() {
  useDocumentTitle('Help & FAQs · Your Photoshoot');
  return (
    <>
      <PageHeader title="Help & FAQs" description="Answers to the questions we hear most." />
      <FaqList />
      <Text size="sm" c="dimmed" mt="xl" ta="center">
        Version {APP_VERSION}
      </Text>
    </>
  );
}
