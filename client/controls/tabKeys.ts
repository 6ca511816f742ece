/**
 * The WAI-ARIA tabs keys: Left/Right wrap around, Home/End jump to the ends. The tab to select
 * for a key, or undefined for a key tabs do not use. Shared by client/components/Tabs.tsx and,
 * before React arrives, client/earlyControls.ts.
 */
export function tabForKey(key: string, index: number, count: number): number | undefined {
  const last = count - 1;
  switch (key) {
    case "ArrowRight":
      return index === last ? 0 : index + 1;
    case "ArrowLeft":
      return index === 0 ? last : index - 1;
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return undefined;
  }
}
