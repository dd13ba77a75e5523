import holidays2025 from './holiday-data/2025.json' with { type: 'json' };
import holidays2026 from './holiday-data/2026.json' with { type: 'json' };
import { holidayFileSchema, type HolidayFile } from './holidays';

/**
 * The holiday files that ship with the code, one per published year. Add next year's file here when
 * the exchanges publish it (December); between releases an admin stores an override instead.
 */
export const BUNDLED_HOLIDAY_FILES: readonly HolidayFile[] = [holidays2025, holidays2026].map((file) => holidayFileSchema.parse(file));
