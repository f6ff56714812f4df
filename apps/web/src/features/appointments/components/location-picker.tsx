import { Group, Radio, SimpleGrid, Text, Title } from '@mantine/core';
import type { Calendar } from '../api/get-calendars';
import classes from './appointment.module.css';

export interface LocationPickerProps {
  calendars: Calendar[];
  value: number | null;
  onChange: (calendarId: number) => void;
}

/** Where a calendar is, as the mails say it: "Downtown studio, Booth 1, 120 W Madison St" (the name once when it is the place). */
export function calendarPlace(calendar: Pick<Calendar, 'name' | 'location'>): string {
  return calendar.name && calendar.name !== calendar.location ? `${calendar.name}, ${calendar.location}` : calendar.location;
}

/** The locations (calendars) the invite may book, as radio cards: name and place. */
export function LocationPicker({ calendars, value, onChange }: LocationPickerProps) {
  return (
    <Radio.Group
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(Number(id))}
      label={
        <Title order={2} fz="lg" component="span">
          Choose a location
        </Title>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
        {calendars.map((calendar) => (
          <Radio.Card key={calendar.id} value={String(calendar.id)} className={classes.locationCard} radius="md" aria-label={calendarPlace(calendar)}>
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <div>
                <Text fw={600}>{calendar.name}</Text>
                <Text size="sm" c="dimmed">
                  {calendar.location}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
