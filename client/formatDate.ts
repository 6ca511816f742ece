// Dates in the data are ISO yyyy-mm-dd, printed in British English ("28 July 2025"), the same
// day on the server and in every browser's time zone.
//
// Written out rather than with Intl.DateTimeFormat: the first Intl formatter a page builds
// initialises ICU, 15 to 32 ms of main thread in Chromium here, while the articles' code is
// evaluated (a long task in Lighthouse's phone model). test/unit/home-format.test.ts checks the
// output against Intl's for every day from 1970 to 2100.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export function formatDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
