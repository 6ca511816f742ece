// Counters show figures in compact short notation (docs/product.md section 9): 5,000 -> 5K, 1,000,000 -> 1M.
// One formatter for server and browser so the server's final figure equals the browser's.
const compact = new Intl.NumberFormat("en", { notation: "compact", compactDisplay: "short", maximumFractionDigits: 1 });

export function formatCompact(value: number, prefix = "", suffix = ""): string {
  return `${prefix}${compact.format(value)}${suffix}`;
}
