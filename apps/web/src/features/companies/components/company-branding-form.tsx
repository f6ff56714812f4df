import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, FileButton, Group, Image, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ACCENT_COLOR_PATTERN, COMPANY_IMAGE_KINDS, type CompanyImageKind, MAX_COMPANY_HOSTS, companyFields } from '@studio-gallery/contract';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type Company, useRemoveCompanyImage, useUpdateCompany, useUploadCompanyImage } from '../api/companies';
import { useFirstLoginPicture } from '../api/company-media';
import { BrandingPreview } from './branding-preview';

type BrandingValues = z.input<typeof companyFields>;

const IMAGE_LABELS: Record<CompanyImageKind, { label: string; hint: string; url: (c: Company) => string | null }> = {
  logoDark: { label: 'Logo (dark)', hint: 'For light backgrounds: the gallery header', url: (c) => c.logoDarkUrl },
  logoWhite: { label: 'Logo (white)', hint: 'For dark backgrounds: the login screen', url: (c) => c.logoWhiteUrl },
  banner: { label: 'Banner', hint: 'The login background, landscape', url: (c) => c.bannerUrl },
};
const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml,image/gif';

function valuesOf(company: Company): BrandingValues {
  return {
    name: company.name,
    hosts: company.hosts,
    accentColor: company.accentColor,
    copyright: company.copyright,
    socialLinks: {
      tiktok: company.socialLinks.tiktok ?? '',
      instagram: company.socialLinks.instagram ?? '',
      twitter: company.socialLinks.twitter ?? '',
      youtube: company.socialLinks.youtube ?? '',
    },
    faqs: company.faqs,
    supportEmail: company.supportEmail ?? '',
    allowFullResolution: company.allowFullResolution,
  };
}

/**
 * A company's branding (admins edit, staff read): name, host names, accent colour, footer links,
 * support address, FAQ and the three images, with a live preview of the login and gallery header
 * that follows the fields as they change.
 */
export function CompanyBrandingForm({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const form = useForm<BrandingValues>({ resolver: zodResolver(companyFields), defaultValues: valuesOf(company) });
  const faqs = useFieldArray({ control: form.control, name: 'faqs' });
  const update = useUpdateCompany(company.id);
  const upload = useUploadCompanyImage(company.id);
  const removeImage = useRemoveCompanyImage(company.id);
  const loginPictureUrl = useFirstLoginPicture(company.id, canEdit);
  const [failure, setFailure] = useState<string | null>(null);
  /** The host names as typed, while the field has focus (the form keeps the list). */
  const [hostsText, setHostsText] = useState<string | null>(null);
  const watched = useWatch({ control: form.control });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync(values);
      form.reset(valuesOf(saved));
      notifySuccess(`${saved.name} saved.`);
    } catch (error) {
      setFailure(errorMessage(error, 'The branding could not be saved. Try again.'));
    }
  });

  const sendImage = async (kind: CompanyImageKind, file: File | null) => {
    if (!file) return;
    try {
      await upload.mutateAsync({ kind, file });
      notifySuccess(`${IMAGE_LABELS[kind].label} uploaded.`);
    } catch (error) {
      notifyError(errorMessage(error, 'The image could not be uploaded. Try again.'));
    }
  };

  const socialField = (key: 'tiktok' | 'instagram' | 'twitter' | 'youtube', label: string) => (
    <TextInput label={label} placeholder="https://" error={errors.socialLinks?.[key]?.message} {...form.register(`socialLinks.${key}`)} />
  );

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="lg" mb="sm">
          Preview
        </Title>
        <BrandingPreview
          values={{
            name: watched.name ?? '',
            accentColor: watched.accentColor ?? company.accentColor,
            copyright: watched.copyright ?? '',
            logoDarkUrl: company.logoDarkUrl,
            logoWhiteUrl: company.logoWhiteUrl,
            bannerUrl: company.bannerUrl,
            loginPictureUrl,
          }}
        />
      </Paper>

      <Paper withBorder radius="md" p="md">
        <form noValidate onSubmit={(event) => void submit(event)} aria-label="Branding">
          <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Branding
              </Title>
              {!canEdit ? (
                <Text size="sm" c="dimmed">
                  Only admins change branding.
                </Text>
              ) : null}
              <FormErrorAlert message={failure} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Name" required error={errors.name?.message} {...form.register('name')} />
                <Controller
                  control={form.control}
                  name="accentColor"
                  render={({ field }) => (
                    <TextInput
                      label="Accent colour"
                      description="# and 6 hex digits"
                      value={field.value ?? ''}
                      onChange={(event) => field.onChange(event.currentTarget.value)}
                      onBlur={field.onBlur}
                      error={errors.accentColor?.message}
                      maxLength={7}
                      leftSection={
                        <input
                          type="color"
                          aria-label="Pick the accent colour"
                          value={ACCENT_COLOR_PATTERN.test(field.value ?? '') ? field.value : '#7048E8'}
                          onChange={(event) => field.onChange(event.currentTarget.value.toUpperCase())}
                          disabled={!canEdit}
                          style={{ width: 22, height: 22, padding: 0, border: 0, background: 'none', cursor: 'pointer' }}
                        />
                      }
                    />
                  )}
                />
              </SimpleGrid>
              <Controller
                control={form.control}
                name="hosts"
                render={({ field }) => (
                  <Textarea
                    label="Host names"
                    description={`Where the company's gallery is served, one a line, e.g. photos.acme.com (at most ${MAX_COMPANY_HOSTS})`}
                    rows={2}
                    value={hostsText ?? (field.value ?? []).join('\n')}
                    onChange={(event) => {
                      setHostsText(event.currentTarget.value);
                      field.onChange(event.currentTarget.value.split(/[\s,]+/).map((host) => host.trim()).filter(Boolean));
                    }}
                    onBlur={() => {
                      setHostsText(null);
                      field.onBlur();
                    }}
                    error={errors.hosts?.message ?? (Array.isArray(errors.hosts) ? errors.hosts.find(Boolean)?.message : undefined)}
                  />
                )}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Copyright" error={errors.copyright?.message} {...form.register('copyright')} />
                <TextInput label="Support email" type="email" error={errors.supportEmail?.message} {...form.register('supportEmail')} />
                {socialField('instagram', 'Instagram')}
                {socialField('tiktok', 'TikTok')}
                {socialField('twitter', 'X (Twitter)')}
                {socialField('youtube', 'YouTube')}
              </SimpleGrid>
              <Controller
                control={form.control}
                name="allowFullResolution"
                render={({ field }) => (
                  <Switch
                    mt="xs"
                    label="Allow full-resolution downloads"
                    description="Its customers may also download each photo's original file (about 4500 px), besides Social Media and High Resolution."
                    checked={field.value ?? false}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                  />
                )}
              />

              <Group justify="space-between" mt="sm">
                <Title order={3} fz="md">
                  FAQ
                </Title>
                <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => faqs.append({ question: '', answer: '' })}>
                  Add a question
                </Button>
              </Group>
              {faqs.fields.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No questions of its own: the studio&apos;s FAQ shows.
                </Text>
              ) : null}
              {faqs.fields.map((field, index) => (
                <Group key={field.id} align="flex-start" wrap="nowrap">
                  <Stack gap={4} style={{ flex: 1 }}>
                    <TextInput label={`Question ${index + 1}`} error={errors.faqs?.[index]?.question?.message} {...form.register(`faqs.${index}.question`)} />
                    <Textarea label={`Answer ${index + 1}`} rows={3} error={errors.faqs?.[index]?.answer?.message} {...form.register(`faqs.${index}.answer`)} />
                  </Stack>
                  <ActionIcon variant="subtle" color="red" mt={24} aria-label={`Remove question ${index + 1}`} onClick={() => faqs.remove(index)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              {canEdit ? (
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => form.reset(valuesOf(company))} disabled={!form.formState.isDirty}>
                    Undo changes
                  </Button>
                  <Button type="submit" loading={update.isPending}>
                    Save branding
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </fieldset>
        </form>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="lg" mb="sm">
          Images
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {COMPANY_IMAGE_KINDS.map((kind) => {
            const url = IMAGE_LABELS[kind].url(company);
            return (
              <Stack key={kind} gap={6}>
                <Text fw={500} size="sm">
                  {IMAGE_LABELS[kind].label}
                </Text>
                <Text size="xs" c="dimmed">
                  {IMAGE_LABELS[kind].hint}
                </Text>
                <Paper withBorder h={90} style={{ display: 'grid', placeItems: 'center', background: kind === 'logoWhite' ? '#1F1D2B' : undefined }}>
                  {url ? <Image src={url} alt={IMAGE_LABELS[kind].label} mah={80} maw="100%" fit="contain" /> : <Text size="xs" c="dimmed">None</Text>}
                </Paper>
                {canEdit ? (
                  <Group gap="xs">
                    <FileButton accept={IMAGE_ACCEPT} onChange={(file) => void sendImage(kind, file)}>
                      {(props) => (
                        <Button {...props} size="xs" variant="light" loading={upload.isPending && upload.variables?.kind === kind} aria-label={`Upload ${IMAGE_LABELS[kind].label}`}>
                          Upload
                        </Button>
                      )}
                    </FileButton>
                    {url ? (
                      <Button size="xs" variant="subtle" color="red" onClick={() => removeImage.mutate(kind)} aria-label={`Remove ${IMAGE_LABELS[kind].label}`}>
                        Remove
                      </Button>
                    ) : null}
                  </Group>
                ) : null}
              </Stack>
            );
          })}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
