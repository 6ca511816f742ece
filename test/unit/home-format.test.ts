import { describe, expect, it } from "vitest";
import { compactNumber, formatCompact } from "../../client/formatCompact.ts";
import { formatDate } from "../../client/formatDate.ts";
import { articleContents } from "../../shared/data/articleContents.ts";
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

  it("says what Intl's compact short notation says, without building an Intl formatter", () => {
    const intl = new Intl.NumberFormat("en", {
      notation: "compact",
      compactDisplay: "short",
      maximumFractionDigits: 1,
    });
    const differences: string[] = [];
    const check = (value: number) => {
      const ours = compactNumber(value);
      const theirs = intl.format(value);
      if (ours !== theirs && differences.length < 10) differences.push(`${value}: ${ours} vs ${theirs}`);
    };
    // Every integer a counter passes through on its way to a figure up to 1.2 million.
    for (let value = 0; value <= 1_200_000; value++) check(value);
    // Beyond, every unit boundary and a spread of figures up to 10 trillion.
    for (let exponent = 6; exponent <= 13; exponent++)
      for (let k = 0; k < 20_000; k++) {
        const value = Math.round(10 ** exponent * (1 + ((k * 7919) % 20_000) / 2_000));
        check(value);
        check(value - 1);
      }
    for (const value of [999.95, 99_950, 999_950, 999_950_000, 999_950_000_000, 1e15, -1234, 0.5, 0.05, 1.25, 12.34])
      check(value);
    expect(differences).toEqual([]);
  });
});

describe("formatDate", () => {
  it("prints the ISO day in British English whatever the time zone", () => {
    expect(formatDate("2025-07-28")).toBe("28 July 2025");
    expect(formatDate("2025-06-02")).toBe("2 June 2025");
  });

  it("says what Intl's en-GB long date says, for every day from 1970 to 2100", () => {
    const intl = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    const differences: string[] = [];
    for (let day = Date.UTC(1970, 0, 1); day <= Date.UTC(2100, 11, 31); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      const theirs = intl.format(new Date(day));
      if (formatDate(iso) !== theirs && differences.length < 10)
        differences.push(`${iso}: ${formatDate(iso)} vs ${theirs}`);
    }
    expect(differences).toEqual([]);
  });
});

describe("articles", () => {
  it("are external articles with unique ids; a full text, where one is kept, belongs to an article", () => {
    expect(articles.length).toBeGreaterThan(0);
    expect(new Set(articles.map((a) => a.id)).size).toBe(articles.length);
    for (const article of articles) {
      expect(new URL(article.url).protocol).toBe("https:");
      // A picture of the site's own: a new article may bring one to images/articles/ or reuse one
      // that no card beside it shows (test/e2e/visual.test.ts checks both).
      expect(article.image).toMatch(/^\/images\/[\w/-]+\.svg$/);
    }
    const ids = new Set(articles.map((a) => String(a.id)));
    for (const id of Object.keys(articleContents)) expect(ids.has(id), `full text ${id} has no article`).toBe(true);
  });
});
