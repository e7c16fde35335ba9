import { isValidDateText, isValidTimestampText } from './typed-literals';

describe('typed literal text', () => {
  it.each(['2024-01-31', '2024-02-29', '2000-02-29', '1999-12-31'])('accepts date %s', (text) => {
    expect(isValidDateText(text)).toBe(true);
  });

  it.each(['2023-02-29', '1900-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00', '24-01-01', '2024-1-1', '2024-01-01 00:00', ''])(
    'refuses date %j',
    (text) => {
      expect(isValidDateText(text)).toBe(false);
    },
  );

  it.each(['2024-01-31', '2024-01-31 10:00', '2024-01-31 10:00:00', '2024-01-31T23:59:59.123456', '2025-01-15T10:30:00Z', '2025-01-15 10:30:00+02:00'])(
    'accepts timestamp %s',
    (text) => {
      expect(isValidTimestampText(text)).toBe(true);
    },
  );

  it.each(['2024-01-31 24:00:00', '2024-01-31 10:60', '2024-01-31 10:00:60', '2024-02-30 10:00', '2024-01-31 10:00:00.1234567', '2024-01-31 10', '2024-01-31 10:00:00+25:00', 'now'])(
    'refuses timestamp %j',
    (text) => {
      expect(isValidTimestampText(text)).toBe(false);
    },
  );
});
