/**
 * The last day of every month of 2026, written out by hand (2026 is not a leap year: 28 February):
 * the oracle of the schedules that start on 31 January and must never drift to the 28th.
 */
export const FINS_DE_MES_2026 = [
  '2026-01-31',
  '2026-02-28',
  '2026-03-31',
  '2026-04-30',
  '2026-05-31',
  '2026-06-30',
  '2026-07-31',
  '2026-08-31',
  '2026-09-30',
  '2026-10-31',
  '2026-11-30',
  '2026-12-31',
];
