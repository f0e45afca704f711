import {
  activities,
  calculatedDrivers,
  costPoolDrivers,
  costPools,
  dimensionDrivers,
  dimensions,
  financialAccounts,
} from "@costflow/db/schema/model-master-data";
import { costPoolDriverValues } from "@costflow/db/schema/scenario-data";
import { expect } from "vitest";
import type { as, TestApp } from "../helpers/test-app.ts";

export type Call = ReturnType<typeof as>;

/**
 * A model with a scenario created through the API, and master data written straight into its
 * tables (their own endpoints belong to another module): accounts, pools (ADMIN and IT indirect,
 * a TDABC pool CS), pool drivers, activities, the dimensions CUST > ORD > LINE with relationship
 * drivers, and calculated drivers.
 */
export async function buildModel(t: TestApp, call: Call, companyId: number, name = "Rules model") {
  const created = await call("POST", "/models", { name });
  expect(created.statusCode, created.body).toBe(201);
  const model = created.json().id as number;
  const scenarioResponse = await call("POST", "/model/scenarios", { model, name: "Base" });
  expect(scenarioResponse.statusCode, scenarioResponse.body).toBe(201);
  const scenario = scenarioResponse.json().id as number;
  const db = t.database.db;
  const base = { companyId, modelId: model };
  const ids = <T extends { id: number; code?: string; name: string }>(rows: T[]) =>
    Object.fromEntries(rows.map((r) => [r.code ?? r.name, r.id])) as Record<string, number>;

  const account = ids(
    await db
      .insert(financialAccounts)
      .values(
        ["RENT", "SALARIES", "IT_COST"].map((code) => ({
          ...base,
          code,
          name: `${code} account`,
          expenseGroup: "OPEX",
        })),
      )
      .returning(),
  );
  const pool = ids(
    await db
      .insert(costPools)
      .values([
        { ...base, code: "ADMIN", name: "Administration", isDirect: false },
        { ...base, code: "IT", name: "Information technology", isDirect: false },
        { ...base, code: "SALES", name: "Sales", isDirect: true },
        { ...base, code: "PROD", name: "Production", isDirect: true },
        { ...base, code: "CS", name: "Customer service", isDirect: true },
      ])
      .returning(),
  );
  const poolDriver = ids(
    await db
      .insert(costPoolDrivers)
      .values([
        { ...base, name: "headcount" },
        { ...base, name: "floor_space" },
        { ...base, name: "label", displayType: "TEXT" },
        { ...base, name: "capacity", isTdabc: true },
      ])
      .returning(),
  );
  await db.insert(costPoolDriverValues).values(
    [
      [poolDriver.headcount!, pool.SALES!, "10"],
      [poolDriver.headcount!, pool.PROD!, "5"],
      [poolDriver.headcount!, pool.IT!, "2"],
    ].map(([driverId, poolId, value]) => ({ companyId, scenarioId: scenario, driverId, poolId, value })) as {
      companyId: number;
      scenarioId: number;
      driverId: number;
      poolId: number;
      value: string;
    }[],
  );
  const activity = ids(
    await db
      .insert(activities)
      .values([
        { ...base, code: "SELL", name: "Sell", costPoolId: pool.SALES },
        { ...base, code: "VISIT", name: "Visit customers", costPoolId: pool.SALES },
        { ...base, code: "MAKE", name: "Make products", costPoolId: pool.PROD },
        { ...base, code: "ORDER", name: "Process orders", costPoolId: pool.CS, isTdabc: true },
        { ...base, code: "INQUIRY", name: "Handle inquiries", costPoolId: pool.CS, isTdabc: true },
      ])
      .returning(),
  );
  const dimension = ids(
    await db
      .insert(dimensions)
      .values([
        { ...base, code: "CUST", name: "Customers" },
        { ...base, code: "PRODUCT", name: "Products" },
      ])
      .returning(),
  );
  Object.assign(
    dimension,
    ids(
      await db
        .insert(dimensions)
        .values({ ...base, code: "ORD", name: "Orders", parentId: dimension.CUST })
        .returning(),
    ),
  );
  Object.assign(
    dimension,
    ids(
      await db
        .insert(dimensions)
        .values({ ...base, code: "LINE", name: "Order lines", parentId: dimension.ORD })
        .returning(),
    ),
  );
  const driver = ids(
    await db
      .insert(dimensionDrivers)
      .values([
        { companyId, dimensionId: dimension.CUST!, name: "revenue" },
        { companyId, dimensionId: dimension.CUST!, name: "segment", dataType: "TEXT" },
        {
          companyId,
          dimensionId: dimension.CUST!,
          name: "ORD_ID",
          dataType: "DIMENSION",
          targetDimensionId: dimension.ORD!,
        },
        {
          companyId,
          dimensionId: dimension.ORD!,
          name: "CUST_ID",
          dataType: "DIMENSION",
          targetDimensionId: dimension.CUST!,
        },
        { companyId, dimensionId: dimension.ORD!, name: "qty" },
        { companyId, dimensionId: dimension.ORD!, name: "price" },
        { companyId, dimensionId: dimension.ORD!, name: "channel", dataType: "TEXT" },
        {
          companyId,
          dimensionId: dimension.LINE!,
          name: "ORD_ID",
          dataType: "DIMENSION",
          targetDimensionId: dimension.ORD!,
        },
        { companyId, dimensionId: dimension.LINE!, name: "units" },
      ])
      .returning()
      .then((rows) => rows.map((r) => ({ ...r, name: `${r.name}@${r.dimensionId}` }))),
  );
  // Drivers by "<name>@<DIMENSION CODE>", e.g. driverId("qty", "ORD").
  const driverId = (name: string, dim: string) => driver[`${name}@${dimension[dim]}`]!;
  const calculated = ids(
    await db
      .insert(calculatedDrivers)
      .values([
        { ...base, dimensionId: dimension.ORD!, name: "amount", formula: "=qty*price", isPnlLine: true },
        { ...base, dimensionId: dimension.CUST!, name: "score", formula: "=revenue/2", isPnlLine: false },
      ])
      .returning(),
  );
  return { model, scenario, account, pool, poolDriver, activity, dimension, driverId, calculated };
}

export type ModelFixture = Awaited<ReturnType<typeof buildModel>>;

/** The field errors of a refused request, as `field: reason` strings. */
export function fieldErrors(response: { statusCode: number; json(): unknown }): string[] {
  const body = response.json() as { errors: { field: string; reason: string }[] };
  return body.errors.map((e) => `${e.field}: ${e.reason}`);
}
