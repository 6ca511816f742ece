// Dates in the data are ISO yyyy-mm-dd; read as UTC so server and browser print the same day.
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export function formatDate(iso: string): string {
  return longDate.format(new Date(`${iso}T00:00:00Z`));
}
