import type { ActivityAllocation } from "@costflow/contract/allocation";
import { describe, expect, it } from "vitest";
import { initialValues, ruleBody, validateRule } from "../src/features/allocations/components/rule-values";

const opt = (value: number, label = String(value)) => ({ value: String(value), label });

describe("allocation rule form values", () => {
  it("starts a new rule at 100 % and the step's split default", () => {
    expect(initialValues(1, null).percentage).toBe(100);
    expect(initialValues(4, null).splitType).toBe("EVEN");
    expect(initialValues(5, null).splitType).toBe("NOT_ALLOCATE");
    expect(initialValues(6, null).splitType).toBe("NOT_ALLOCATE");
  });

  it("sends the percentage as a ratio with six decimals", () => {
    const v = { ...initialValues(1, null), source: opt(3), destination: opt(7), percentage: 33.3333 };
    expect(ruleBody(1, v, 9)).toEqual({
      scenario: 9,
      source: 3,
      destination: 7,
      ratio: "0.333333",
      driver: null,
    });
  });

  it("refuses a percentage outside 0..100 and a driver rule without its driver", () => {
    const v = { ...initialValues(2, null), source: opt(1), destination: opt(2), percentage: 150 };
    expect(validateRule(2, v).percentage).toBe("common:messages.percentageRange");
    expect(validateRule(2, { ...v, percentage: -1 }).percentage).toBe("common:messages.percentageRange");
    expect(validateRule(2, { ...v, percentage: 0 }).percentage).toBeUndefined();
    expect(validateRule(2, { ...v, type: "DRIVER" }).driver).toBe("common:messages.createDriverFirst");
  });

  it("sends steps 5 and 6 splits as their equation", () => {
    const base = { ...initialValues(5, null), source: opt(1), parent: opt(2), destination: opt(3) };
    expect(ruleBody(5, base, 1).equation).toBe("NOT_ALLOCATE");
    expect(ruleBody(5, { ...base, splitType: "EVEN" }, 1).equation).toBe("EVEN");
    const driver = { value: "8", label: "Units", meta: { name: "UNITS" } };
    expect(ruleBody(6, { ...base, splitType: "DRIVER", allocationDriver: driver }, 1).equation).toBe(
      "DRIVER:UNITS",
    );
    expect(ruleBody(6, { ...base, splitType: "FORMULA", equation: "=[A]*2" }, 1).equation).toBe("=[A]*2");
    // Step 6 leaves the parent out when none is chosen: the server takes the driver's dimension.
    expect(ruleBody(6, { ...base, parent: null }, 1)).not.toHaveProperty("source_parent");
  });

  it("reads a step-4 rule for UPDATE and clears the equation of non-formula splits", () => {
    const row: ActivityAllocation = {
      id: 4,
      scenario: 2,
      source: 11,
      source_name: "Picking",
      destination: 12,
      destination_name: "Orders",
      splitType: "DRIVER",
      allocationDriver: 13,
      allocation_driver_name: "LINES",
      equation: "",
      description: "by lines",
    };
    const v = initialValues(4, row);
    expect(v.source).toEqual({ value: "11", label: "Picking" });
    expect(v.allocationDriver).toEqual({ value: "13", label: "LINES" });
    expect(ruleBody(4, v, 2)).toEqual({
      scenario: 2,
      source: 11,
      destination: 12,
      splitType: "DRIVER",
      allocationDriver: 13,
      equation: null,
      description: "by lines",
    });
  });
});
