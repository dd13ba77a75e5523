import { describe, expect, it } from 'vitest';
import { rupeesText, toCsv } from '../../functions/file-exports/csv';

describe('the export files’ CSV', () => {
  it('quotes fields with a comma, quote or line break, writes numbers and blanks as they are, ends lines with CRLF', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [['x, y', 'say "hi"', 12.5, null], ['two\nlines', '', 0, true]])).toBe('a,b,c,d\r\n"x, y","say ""hi""",12.5,\r\n"two\nlines",,0,true\r\n');
  });

  it('keeps a spreadsheet from running a text as a formula, but not a negative number', () => {
    expect(toCsv(['t'], [['=SUM(A1)'], ['+91 22'], ['@cmd'], ['-12.50'], ['-x']])).toBe("t\r\n'=SUM(A1)\r\n'+91 22\r\n'@cmd\r\n-12.50\r\n'-x\r\n");
  });

  it('writes paise as rupees with two decimals', () => {
    expect([rupeesText(0), rupeesText(5), rupeesText(123_456), rupeesText(-250)]).toEqual(['0.00', '0.05', '1234.56', '-2.50']);
  });
});
