import { Stack } from '@mantine/core';
import { CompanyBackdrops } from './company-backdrops';
import { CompanySlider } from './company-slider';

/** A company's pictures (admins): its editor backdrops, login slider and sidebar images. */
export function CompanyMedia({ companyId, isDefault }: { companyId: number; isDefault: boolean }) {
  return (
    <Stack gap="lg" mt="lg">
      <CompanyBackdrops companyId={companyId} isDefault={isDefault} />
      <CompanySlider companyId={companyId} kind="login" isDefault={isDefault} />
      <CompanySlider companyId={companyId} kind="sidebar" isDefault={isDefault} />
    </Stack>
  );
}
