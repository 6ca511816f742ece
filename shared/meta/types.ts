/**
 * Title and description of one page. Each page has its own module so a page's chunk carries
 * only its own meta text, not every page's (the first-load budget is tight).
 */
export interface PageMetaData {
  /** Path with the casing of docs/product.md section 2, for the canonical URL. */
  path: string;
  title: string;
  description: string;
}
