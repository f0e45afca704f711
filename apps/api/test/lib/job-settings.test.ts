import { describe, expect, it } from "vitest";
import { jobSettings } from "../../src/config.ts";

// The calculation's window of COPY bytes built ahead of the database (lib/chunk-streams.ts): 1 GiB
// unless CALC_IN_FLIGHT_MB says otherwise; a value that is not a positive whole number is ignored.

describe("calculation settings", () => {
  it("lets the thread build 1 GiB ahead of the database by default", () => {
    expect(jobSettings({}).calculation.inFlightMb).toBe(1024);
  });

  it("takes CALC_IN_FLIGHT_MB when it is a positive whole number", () => {
    expect(jobSettings({ CALC_IN_FLIGHT_MB: "256" }).calculation.inFlightMb).toBe(256);
    for (const bad of ["0", "-5", "1.5", "lots", ""])
      expect(jobSettings({ CALC_IN_FLIGHT_MB: bad }).calculation.inFlightMb).toBe(1024);
  });
});
