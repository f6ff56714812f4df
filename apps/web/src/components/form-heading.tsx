import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';

export interface FormHeadingProps {
  title: string;
  description: ReactNode;
}

/** The h1 of a form screen (sign-in and account flows) with its dimmed line below. */
export function FormHeading({ title, description }: FormHeadingProps) {
  return (
    <div>
      <Title order={1} fz={30}>
        {title}
      </Title>
      <Text c="dimmed" mt={6}>
        {description}
      </Text>
    </div>
  );
}
