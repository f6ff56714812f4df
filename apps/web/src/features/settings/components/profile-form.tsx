import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Avatar,
  Button,
  FileButton,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import {
  messages,
  PROFILE_IMAGE_MAX_BYTES,
  profileFormSchema,
  type ProfileForm as ProfileValues,
} from '@studio-gallery/contract';
import { errorMessage, isApiError, isUnexpectedFailure } from '../../../lib/api-client';
import { readFileAsBase64 } from '../../../lib/file';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';

const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

function initials(first: string, last: string) {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || undefined;
}

export function ProfileForm({ userId }: { userId: string }) {
  const user = useUser(userId);
  const update = useUpdateUser(userId);
  /** The chosen photo, as base64 (what the server takes) and as a data URL (the preview). */
  const [photo, setPhoto] = useState<{ base64: string; preview: string } | null>(null);
  const preview = photo?.preview ?? null;
  const [photoError, setPhotoError] = useState<string | null>(null);
  const form = useForm<ProfileValues>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', contactNumber: '' },
  });
  const { errors, isDirty } = form.formState;
  const [firstName, lastName] = useWatch({ control: form.control, name: ['firstName', 'lastName'] });

  useEffect(() => {
    if (user.data) {
      form.reset({
        firstName: user.data.firstName,
        lastName: user.data.lastName,
        contactNumber: user.data.contactNumber ?? '',
      });
    }
  }, [user.data, form]);

  const pickPhoto = (file: File | null) => {
    if (!file) return;
    if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
      setPhotoError(messages.profileImageInvalid);
      return;
    }
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      setPhotoError(messages.profileImageTooLarge);
      return;
    }
    setPhotoError(null);
    readFileAsBase64(file)
      .then((base64) => setPhoto({ base64, preview: `data:${file.type};base64,${base64}` }))
      .catch(() => setPhotoError(messages.profileImageInvalid));
  };

  const submit = form.handleSubmit(async (values) => {
    if (!user.data) return;
    try {
      const profileImageBase64 = photo?.base64;
      await update.mutateAsync({
        userId: user.data.userId,
        firstName: values.firstName,
        lastName: values.lastName,
        email: user.data.email,
        contactNumber: values.contactNumber || null,
        profileImageBase64,
      });
      setPhoto(null);
      notifySuccess(messages.userDetailsUpdated);
    } catch (error) {
      if (isApiError(error) && isUnexpectedFailure(error.status)) return;
      // "Failed to update user details." and, when the server said why (a bad photo), its reason.
      const reason = errorMessage(error, messages.userDetailsFailed);
      if (reason === messages.userDetailsFailed) notifyError(messages.userDetailsFailed);
      else notifyError(reason, messages.userDetailsFailed);
    }
  });

  if (user.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={96} w={96} circle />
        <Skeleton h={40} />
        <Skeleton h={40} />
      </Stack>
    );
  }

  if (user.isError || !user.data) {
    return <Text c="dimmed">Your details could not be loaded. Please reload the page.</Text>;
  }

  const { data } = user;

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="xl">
        <Paper withBorder p="lg">
          <Group gap="lg" wrap="nowrap" align="center">
            <Avatar
              src={preview ?? data.imageUrl}
              alt={preview ? 'New profile photo (preview)' : 'Your profile photo'}
              size={96}
              radius={999}
              color="brand"
            >
              {initials(firstName || data.firstName, lastName || data.lastName)}
            </Avatar>
            <Stack gap={6}>
              <Title order={2} fz="lg">
                Profile photo
              </Title>
              <Text size="sm" c="dimmed">
                JPEG, PNG, WebP or GIF, up to 5 MB.
              </Text>
              <Group gap="xs">
                <FileButton onChange={pickPhoto} accept={ACCEPTED_IMAGE_TYPES.join(',')}>
                  {(props) => (
                    <Button {...props} variant="light" size="sm" leftSection={<IconPhotoUp size={16} aria-hidden />}>
                      {preview ? 'Choose another photo' : 'Upload photo'}
                    </Button>
                  )}
                </FileButton>
                {photo ? (
                  <Button variant="subtle" color="gray" size="sm" onClick={() => setPhoto(null)}>
                    Cancel
                  </Button>
                ) : null}
              </Group>
              {photoError ? (
                <Text size="sm" c="var(--mantine-color-error)" role="alert">
                  {photoError}
                </Text>
              ) : null}
            </Stack>
          </Group>
        </Paper>

        <Paper withBorder p="lg">
          <Title order={2} fz="lg" mb="md">
            Personal details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First Name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextInput
              label="Last Name"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
            <TextInput
              label="Email"
              type="email"
              value={data.email}
              readOnly
              variant="filled"
              description="Your email address cannot be changed."
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <TextInput
              label="Contact Number"
              type="tel"
              autoComplete="tel"
              placeholder="+1 555 123 4567"
              error={errors.contactNumber?.message}
              {...form.register('contactNumber')}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="lg">
            <Button type="submit" loading={update.isPending} disabled={!isDirty && !photo}>
              Save Changes
            </Button>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}
