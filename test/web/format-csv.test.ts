import { describe, expect, it } from 'vitest';
import { toCsv } from '../../web/src/lib/csv';

interface Row {
  name: string;
  amount: number;
}

const COLUMNS = [
  { header: 'Name', value: (row: Row) => row.name },
  { header: 'Amount', value: (row: Row) => row.amount },
];

describe('toCsv', () => {
  it('writes a header and one CRLF line per row', () => {
    expect(toCsv(COLUMNS, [{ name: 'Asha', amount: 12.5 }])).toBe('Name,Amount\r\nAsha,12.5\r\n');
  });

  it('quotes cells with commas, quotes and line breaks', () => {
    expect(toCsv(COLUMNS, [{ name: 'Rao, "A"\nB', amount: 1 }])).toBe('Name,Amount\r\n"Rao, ""A""\nB",1\r\n');
  });

  it('keeps text that looks like a spreadsheet formula as text', () => {
    expect(toCsv(COLUMNS, [{ name: '=SUM(A1)', amount: -3 }])).toBe("Name,Amount\r\n'=SUM(A1),-3\r\n");
  });
});
