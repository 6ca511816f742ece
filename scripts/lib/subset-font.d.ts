// subset-font 2.x ships no types, and @types/subset-font lags behind it (no keepFeatures).
declare module "subset-font" {
  interface SubsetFontOptions {
    targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
    preserveNameIds?: number[];
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    /** OpenType feature tags to keep; all of them when left out. */
    keepFeatures?: string[];
    noLayoutClosure?: boolean;
  }
  export default function subsetFont(buffer: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;
}
