import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { iconFiles } from "../../client/components/Icon.tsx";

// The compiler checks every icon name against client/components/Icon.tsx; what it cannot see is
// whether the files it names as pictures are there, or a file is left over.
describe("icon files", () => {
  it("names exactly the pictures of public/images/icons", () => {
    const onDisk = readdirSync("public/images/icons").map((file) => file.replace(/\.svg$/, ""));
    expect([...iconFiles].sort()).toEqual(onDisk.sort());
  });
});
