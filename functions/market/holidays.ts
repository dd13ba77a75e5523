import * as z from 'zod';

/**
 * Exchange trading holidays: weekdays on which an exchange holds no trading session, kept as data — one
 * file per year (`holiday-data/<year>.json`, bundled with the code) that a broker-panel admin can
 * replace without a release by storing an override in the file store (`holiday-overrides.ts`). The
 * exchanges publish next year's list in December; until a year has a file, only the fixed-date
 * national holidays below are known for it, and the admins are told so.
 * Weekends are never trading days and are not listed.
 */
export const CALENDAR_VENUES = ['NSE', 'BSE', 'MCX'] as const;
export type CalendarVenue = (typeof CALENDAR_VENUES)[number];

export interface Holiday {
  /** yyyy-MM-dd */
  readonly date: string;
  readonly name: string;
}

const holidaySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be yyyy-MM-dd'),
  name: z.string().min(1).max(120),
});

/**
 * One year's holiday file. NSE and BSE list the same days for the equity and equity-derivative
 * segments; MCX lists the days it closes both sessions (on the others its evening session trades, so
 * only full closures stop an MCX contract from expiring that day).
 */
export const holidayFileSchema = z
  .object({
    year: z.number().int().min(2000).max(2100),
    source: z.string().min(1).max(300),
    venues: z.object({ NSE: z.array(holidaySchema), BSE: z.array(holidaySchema), MCX: z.array(holidaySchema) }),
  })
  .superRefine((file, context) => {
    for (const venue of CALENDAR_VENUES) {
      const seen = new Set<string>();
      file.venues[venue].forEach((holiday, index) => {
        const path = ['venues', venue, index, 'date'];
        const instant = new Date(`${holiday.date}T00:00:00Z`);
        if (Number.isNaN(instant.getTime()) || instant.toISOString().slice(0, 10) !== holiday.date) {
          context.addIssue({ code: 'custom', path, message: `${holiday.date} is not a calendar date` });
        } else if (!holiday.date.startsWith(`${file.year}-`)) {
          context.addIssue({ code: 'custom', path, message: `${holiday.date} is not in ${file.year}` });
        } else if (instant.getUTCDay() === 0 || instant.getUTCDay() === 6) {
          context.addIssue({ code: 'custom', path, message: `${holiday.date} is a weekend: list only weekdays` });
        }
        if (seen.has(holiday.date)) context.addIssue({ code: 'custom', path, message: `${holiday.date} is listed twice for ${venue}` });
        seen.add(holiday.date);
      });
    }
  });
export type HolidayFile = z.infer<typeof holidayFileSchema>;

/** Holidays known for a year without a file: the fixed-date national holidays (MM-dd). */
export const FIXED_DATE_HOLIDAYS: Readonly<Record<CalendarVenue, readonly string[]>> = {
  NSE: ['01-26', '05-01', '08-15', '10-02', '12-25'],
  BSE: ['01-26', '05-01', '08-15', '10-02', '12-25'],
  MCX: ['01-26', '08-15', '10-02', '12-25'],
};

/** For messages: "26 Jan, 1 May, 15 Aug, 2 Oct, 25 Dec". */
export function fixedDateHolidaysText(): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return FIXED_DATE_HOLIDAYS.NSE.map((monthDay) => `${Number(monthDay.slice(3))} ${months[Number(monthDay.slice(0, 2)) - 1]}`).join(', ');
}
