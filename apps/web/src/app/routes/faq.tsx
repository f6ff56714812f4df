import { useDocumentTitle } from '@mantine/hooks';
import { PageHeader } from '../../components/page-header';
import { FaqList } from '../../features/branding/components/faq-list';

export function FaqRoute() {
  useDocumentTitle('Help & FAQs · Your Photoshoot');
  return (
    <>
      <PageHeader title="Help & FAQs" description="Answers to the questions we hear most." />
      <FaqList />
    </>
  );
}
