import { describe, expect, it } from "vitest";
import { formatCompact } from "../../client/formatCompact.ts";
import { formatDate } from "../../client/formatDate.ts";
import { articleContents, withContent } from "../../shared/data/articleContents.ts";
import { articles } from "../../shared/data/articles.ts";

describe("formatCompact", () => {
  it("writes the stat figures in compact short notation", () => {
    expect(formatCompact(5000, "", "+")).toBe("5K+");
    expect(formatCompact(1_000_000)).toBe("1M");
    expect(formatCompact(99, "", "%")).toBe("99%");
    expect(formatCompact(25, "", "+")).toBe("25+");
    expect(formatCompact(0, "", "+")).toBe("0+");
    expect(formatCompact(1234)).toBe("1.2K");
    expect(formatCompact(640_000)).toBe("640K");
  });
});

describe("formatDate", () => {
  it("prints the ISO day in British English whatever the time zone", () => {
    expect(formatDate("2025-07-28")).toBe("28 July 2025");
    expect(formatDate("2025-06-02")).toBe("2 June 2025");
  });
});

describe("articles", () => {
  it("are nine external articles with unique ids, each with its full text", () => {
    expect(articles).toHaveLength(9);
    expect(new Set(articles.map((a) => a.id)).size).toBe(9);
    for (const article of articles) {
      expect(new URL(article.url).protocol).toBe("https:");
      expect(article.image).toMatch(/^\/images\/articles\/[\w-]+\.svg$/);
      expect(withContent(article).content.length, article.title).toBeGreaterThan(200);
    }
    expect(Object.keys(articleContents)).toHaveLength(9);
  });
});
