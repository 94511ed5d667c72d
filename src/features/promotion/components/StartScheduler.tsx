import { Select, SimpleGrid, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { scheduleDays, scheduleHours, scheduledStartAt, type ScheduledStart } from '../model.ts';

const m = t.money.promotion;

/**
 * The start of a scheduled promotion: a day from today to 6 days ahead and a whole hour, on
 * Italy's clock (the server refuses later days and starts the slot on its minute). Loaded
 * only when the advertiser chooses 'Data e ora scelte' (PromoteListingPage imports it lazily).
 */
export default function StartScheduler({ value, onChange, now }: { value: ScheduledStart | null; onChange: (v: ScheduledStart | null) => void; now: Date }) {
  const days = scheduleDays(now);
  const day = value?.day ?? null;
  const hours = day ? scheduleHours(day, now) : [];
  const hour = value && hours.includes(value.hour) ? value.hour : null;
  return (
    <>
      {/* One column on a phone: 'Domani, ven 27 novembre' needs the full width at 360 px. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={m.startDay}
          value={day}
          data={days
            .filter((d) => scheduleHours(d.value, now).length > 0)
            .map((d) => ({ value: d.value, label: m.startDayLabel(d.offset, d.label) }))}
          onChange={(v) => onChange(v ? { day: v, hour: value && scheduleHours(v, now).includes(value.hour) ? value.hour : -1 } : null)}
          allowDeselect={false}
          data-testid="schedule-day"
        />
        <Select
          label={m.startHour}
          value={hour === null ? null : String(hour)}
          disabled={!day}
          data={hours.map((h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }))}
          onChange={(v) => day && onChange(v === null ? null : { day, hour: Number(v) })}
          allowDeselect={false}
          data-testid="schedule-hour"
        />
      </SimpleGrid>
      {day && hour !== null && (
        <Text size="sm" data-testid="schedule-summary">
          {m.startSummary(formatDateTime(scheduledStartAt({ day, hour })))}
        </Text>
      )}
    </>
  );
}
