// Counters show figures in compact short notation (docs/product.md section 9): 5,000 -> 5K, 1,000,000 -> 1M.
// One formatter for server and browser so the server's final figure equals the browser's.
//
// Written out rather than `new Intl.NumberFormat("en", { notation: "compact" })`: building that
// formatter loads ICU's compact-number data, 15 to 31 ms of main thread in Chromium here, and it
// ran while the home page's code was evaluated (a long task in Lighthouse's phone model). The
// output is the same as Intl's "en" short form with at most one decimal: test/unit/home-format.test.ts
// compares the two on every integer up to 1.2 million and on larger samples.

const UNITS: ReadonlyArray<readonly [size: number, unit: string]> = [
  [1e12, "T"],
  [1e9, "B"],
  [1e6, "M"],
  [1e3, "K"],
  [1, ""],
];

/** `value` in units of `size`, rounded half up to one decimal (10.0 prints as 10). */
const tenths = (value: number, size: number) => Math.round((value * 10) / size) / 10;

export function compactNumber(value: number): string {
  const abs = Math.abs(value);
  const found = UNITS.findIndex(([size]) => abs >= size);
  let index = found === -1 ? UNITS.length - 1 : found;
  let rounded = tenths(abs, UNITS[index]![0]);
  // 999,950 rounds to 1000K: Intl then says 1M, and so does this.
  if (rounded >= 1000 && index > 0) rounded = tenths(abs, UNITS[--index]![0]);
  return `${value < 0 ? "-" : ""}${rounded}${UNITS[index]![1]}`;
}

export function formatCompact(value: number, prefix = "", suffix = ""): string {
  return `${prefix}${compactNumber(value)}${suffix}`;
}
