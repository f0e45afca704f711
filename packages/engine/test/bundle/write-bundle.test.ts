import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readBundle } from "../../src/bundle/read-bundle.ts";
import { writeBundle, writeBundleZip } from "../../src/bundle/write-bundle.ts";
import { ACCEPTANCE_BUNDLES, acceptanceBundle } from "../support/shared-fixtures.ts";
import { baseBundle, removeTempDirs, tempDir } from "./fixture-paths.ts";

afterAll(removeTempDirs);

describe("writeBundle", () => {
  it("writes a folder that reads back as an equal model", async () => {
    const model = await readBundle(baseBundle);
    const dir = join(await tempDir(), "out");
    await writeBundle(model, dir);
    expect(await readBundle(dir)).toEqual(model);
  });

  it("writes a zip that reads back as an equal model", async () => {
    const model = await readBundle(baseBundle);
    const zip = join(await tempDir(), "out.zip");
    await writeBundleZip(model, zip);
    expect(await readBundle(zip)).toEqual(model);
  });

  it("writes records sorted, quoted where needed, with dangling values kept", async () => {
    const model = await readBundle(baseBundle);
    const dir = join(await tempDir(), "out");
    await writeBundle(model, dir);
    expect(await readFile(join(dir, "records/CUSTOMERS.csv"), "utf8")).toBe(
      'identifier,visits,region\nC1,12,South\nC10,,"East\r\ncoast"\nC2,4,"North, ""upper"""\n',
    );
    expect(await readFile(join(dir, "records/ORDERS.csv"), "utf8")).toBe(
      "identifier,CUSTOMERS_ID,order_date,freight\nO1,C1,2025-03-01,12.5\nO2,C1,2025-03-02,0\nO3,C2,2025-04-10,7\nO4,C9,2025-05-01,\nO5,,,3\n",
    );
  });

  it("round-trips the acceptance bundles", async () => {
    for (const name of ACCEPTANCE_BUNDLES) {
      const model = await readBundle(acceptanceBundle(name));
      const dir = join(await tempDir(), name);
      await writeBundle(model, dir);
      expect(await readBundle(dir)).toEqual(model);
    }
  });
});
