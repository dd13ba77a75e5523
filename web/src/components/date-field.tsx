import { Button, TextField } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { displayToPayloadDate, isPayloadDate, maskDisplayDate, payloadToDisplayDate } from '@/lib/format/calendar-date';
import { SvgIcon } from './svg-icon';
import './date-field.css';

const CALENDAR_ICON = 'M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2zm12 8H5v9h14v-9zM5 6v2h14V6H5z';

export interface DateFieldProps {
  label: string;
  name: string;
  /** yyyy-MM-dd once the text is a real day; what the user typed while it is not (yet). */
  value: string;
  onChange: (value: string) => void;
  /** Earliest and latest days the calendar offers (yyyy-MM-dd). */
  min?: string | undefined;
  max?: string | undefined;
  errorMessage?: string | undefined;
  isDisabled?: boolean;
}

const shown = (value: string) => (isPayloadDate(value) ? payloadToDisplayDate(value) : value);

/**
 * A date in the app's display format dd-MM-yyyy (spec §9), whatever the browser's language: typed (the
 * dashes come by themselves) or picked on the browser's calendar behind the button. The browser's own
 * date input would show its locale's order (mm/dd/yyyy in en-US), so it only serves as the calendar.
 */
export function DateField({ label, name, value, onChange, min, max, errorMessage, isDisabled = false }: DateFieldProps) {
  const [text, setText] = useState(() => shown(value));
  const picker = useRef<HTMLInputElement>(null);

  // A day set from outside (the calendar, "Last 30 days") replaces the text unless the text already says it.
  useEffect(() => {
    if (isPayloadDate(value)) setText((current) => (displayToPayloadDate(current) === value ? current : payloadToDisplayDate(value)));
  }, [value]);

  const type = (event: ChangeEvent<HTMLInputElement>) => {
    const next = maskDisplayDate(event.target.value, text);
    setText(next);
    onChange(displayToPayloadDate(next) ?? next);
  };

  const openCalendar = () => {
    const input = picker.current;
    if (!input) return;
    if (typeof input.showPicker === 'function') {
      try {
        input.showPicker();
        return;
      } catch {
        // Not allowed here (e.g. no user gesture): the field stays for typing.
      }
    }
    input.click();
  };

  return (
    <TextField
      label={label}
      name={name}
      value={text}
      onChange={type}
      placeholder="dd-mm-yyyy"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      hasError={Boolean(errorMessage)}
      errorMessage={errorMessage}
      isDisabled={isDisabled}
      className="date-field"
      outerEndComponent={
        <span className="date-field__calendar">
          <Button type="button" aria-label={`Pick the ${label} date on a calendar`} onClick={openCalendar} isDisabled={isDisabled}>
            <SvgIcon path={CALENDAR_ICON} size={18} />
          </Button>
          <input
            ref={picker}
            type="date"
            className="date-field__picker"
            tabIndex={-1}
            aria-hidden="true"
            value={isPayloadDate(value) ? value : ''}
            min={min}
            max={max}
            disabled={isDisabled}
            onChange={(event) => {
              if (event.target.value) onChange(event.target.value);
            }}
          />
        </span>
      }
    />
  );
}
