import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateField } from '../../web/src/components/date-field';
import { PositionRolloverFields } from '../../web/src/entities/order-groups/components/position-rollover-fields';
import { newPositionValues } from '../../web/src/entities/order-groups/position-form';
import { ageText } from '../../web/src/lib/format/age';
import { displayToPayloadDate, maskDisplayDate } from '../../web/src/lib/format/calendar-date';
import { resetWebTestState } from './support/render-app';
import { NIFTY_CALL } from './watchlist-fixtures';

/** Issue 16, defect 7: dates are shown and typed as dd-MM-yyyy (spec §9), not in the browser's mm/dd/yyyy. */
describe('dd-MM-yyyy as typed', () => {
  it.each([
    ['21-11-2026', '2026-11-21'],
    ['1-3-2026', '2026-03-01'],
    ['01/03/2026', '2026-03-01'],
    ['01.03.2026', '2026-03-01'],
    [' 29-02-2028 ', '2028-02-29'],
    ['2026-11-21', '2026-11-21'],
    ['29-02-2026', null],
    ['11-21-2026', null],
    ['21-11-26', null],
    ['', null],
  ])('reads %j as %j', (typed, payload) => {
    expect(displayToPayloadDate(typed)).toBe(payload);
  });

  it.each([
    ['1', '', '1'],
    ['120', '12', '12-0'],
    ['12-032', '12-03', '12-03-2'],
    ['21112026', '2111202', '21-11-2026'],
    ['1-', '1', '1-'],
    ['2026-1', '2026-', '2026-1'],
    ['12-03-', '12-03-2', '12-03-'],
  ])('types %j after %j as %j', (typed, previous, shown) => {
    expect(maskDisplayDate(typed, previous)).toBe(shown);
  });
});

describe('how old a reading is', () => {
  const AT = Date.parse('2026-03-02T05:30:00.000Z');
  it.each([
    [AT - 1_000, 'just now'],
    [AT + 59_000, 'just now'],
    [AT + 2 * 60_000 + 5_000, '2 min ago'],
    [AT + 60 * 60_000, '1 h ago'],
    [AT + 65 * 60_000, '1 h 5 min ago'],
    [AT + 24 * 60 * 60_000, '1 day ago'],
    [AT + 3 * 24 * 60 * 60_000, '3 days ago'],
  ])('at %i says %j', (now, text) => {
    expect(ageText('2026-03-02T05:30:00.000Z', now)).toBe(text);
  });
});

/** A form's date as the history filters hold it: yyyy-MM-dd once it is a day, the typed text before. */
function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="From" name="from_date" value={value} onChange={setValue} />
      <output data-testid="held">{value}</output>
      <button type="button" onClick={() => setValue('2026-10-22')}>
        Reset
      </button>
    </>
  );
}

describe('date field', () => {
  afterEach(resetWebTestState);

  it('shows the day as dd-MM-yyyy and hands over yyyy-MM-dd', () => {
    // Act
    render(<Harness initial="2026-11-21" />);
    const field = screen.getByLabelText('From') as HTMLInputElement;
    // Assess
    expect(field.value).toBe('21-11-2026');
    expect(field.placeholder).toBe('dd-mm-yyyy');
    expect(field.type).toBe('text');
    // Act: typed digit by digit, the dashes come by themselves
    fireEvent.change(field, { target: { value: '' } });
    for (const digit of '01112026') fireEvent.change(field, { target: { value: `${field.value}${digit}` } });
    // Assess
    expect(field.value).toBe('01-11-2026');
    expect(screen.getByTestId('held').textContent).toBe('2026-11-01');
  });

  it('keeps a text that is not a day as typed, and shows a day set from outside', () => {
    // Prepare
    render(<Harness initial="2026-11-21" />);
    const field = screen.getByLabelText('From') as HTMLInputElement;
    // Act
    fireEvent.change(field, { target: { value: '31-02-2026' } });
    // Assess
    expect(field.value).toBe('31-02-2026');
    expect(screen.getByTestId('held').textContent).toBe('31-02-2026');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    // Assess
    expect(field.value).toBe('22-10-2026');
  });

  it('takes a day picked on the calendar', () => {
    // Prepare
    render(<Harness initial="2026-11-21" />);
    const calendar = document.querySelector<HTMLInputElement>('input[type="date"]');
    expect(screen.getByRole('button', { name: 'Pick the From date on a calendar' })).toBeTruthy();
    // Act
    fireEvent.change(calendar as HTMLInputElement, { target: { value: '2026-11-05' } });
    // Assess
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('05-11-2026');
    expect(screen.getByTestId('held').textContent).toBe('2026-11-05');
  });
});

describe("a position's rollover time", () => {
  afterEach(resetWebTestState);

  it('is typed as 24-hour HH:mm:ss, not in the browser\'s AM/PM time picker', () => {
    // Act
    render(<PositionRolloverFields script={NIFTY_CALL} values={{ ...newPositionValues(''), is_rollover: true }} onChange={() => undefined} errors={{}} isDisabled={false} />);
    // Assess
    const time = screen.getByLabelText('Rollover time (IST)') as HTMLInputElement;
    expect(time.type).toBe('text');
    expect(time.value).toBe('15:00:00');
    expect(time.placeholder).toBe('HH:mm:ss');
  });
});
