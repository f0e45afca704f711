// Accounts, account values, cost pools, pool drivers and their values, activities.

import type {
  Account,
  AccountValue,
  Activity,
  CostPool,
  PoolDriver,
  PoolDriverValue,
} from "../model/types.ts";
import { checkRef, type ReadContext, spec, tableOf, UniqueKeys } from "./read-context.ts";

export interface MasterData {
  accounts: Account[];
  accountValues: AccountValue[];
  pools: CostPool[];
  poolDrivers: PoolDriver[];
  poolDriverValues: PoolDriverValue[];
  activities: Activity[];
}

export async function readMasterData(ctx: ReadContext): Promise<MasterData> {
  // One file after the other, so that issues keep the order of the files.
  const accounts = await readAccounts(ctx);
  const accountValues = await readAccountValues(ctx, new Set(accounts.map((a) => a.code)));
  const pools = await readPools(ctx);
  const poolCodes = new Set(pools.map((p) => p.code));
  const poolDrivers = await readPoolDrivers(ctx);
  const driverNames = new Set(poolDrivers.map((d) => d.name));
  const poolDriverValues = await readPoolDriverValues(ctx, driverNames, poolCodes);
  const activities = await readActivities(ctx, poolCodes);
  return { accounts, accountValues, pools, poolDrivers, poolDriverValues, activities };
}

async function readAccounts(ctx: ReadContext): Promise<Account[]> {
  const accounts = await tableOf(ctx, "accounts.csv", spec("account_code", "name?", "expense_group?"));
  const result: Account[] = [];
  if (!accounts) return result;
  const unique = new UniqueKeys(accounts, "account_code");
  for (const row of accounts.rows) {
    const code = accounts.required(row, 0);
    if (code === null || !unique.add(code, row, 0)) continue;
    result.push({ code, name: accounts.text(row, 1), expenseGroup: accounts.text(row, 2) });
  }
  return result;
}

async function readAccountValues(ctx: ReadContext, accountCodes: Set<string>): Promise<AccountValue[]> {
  const values = await tableOf(ctx, "account_values.csv", spec("account_code", "amount"));
  const result: AccountValue[] = [];
  if (!values) return result;
  const unique = new UniqueKeys(values, "account_code");
  for (const row of values.rows) {
    const account = values.required(row, 0);
    const amount = values.number(row, 1, "required");
    if (!checkRef(values, row, 0, account, accountCodes, "account")) continue;
    if (amount === null || !unique.add(account!, row, 0)) continue;
    result.push({ account: account!, amount });
  }
  return result;
}

async function readPools(ctx: ReadContext): Promise<CostPool[]> {
  const pools = await tableOf(ctx, "cost_pools.csv", spec("pool_code", "name?", "is_direct"));
  const result: CostPool[] = [];
  if (!pools) return result;
  const unique = new UniqueKeys(pools, "pool_code");
  for (const row of pools.rows) {
    const code = pools.required(row, 0);
    const isDirect = pools.boolean(row, 2, "required");
    if (code === null || !unique.add(code, row, 0) || isDirect === null) continue;
    result.push({ code, name: pools.text(row, 1), isDirect });
  }
  return result;
}

/** Pool drivers: at most one is time-driven (TDABC). */
async function readPoolDrivers(ctx: ReadContext): Promise<PoolDriver[]> {
  const drivers = await tableOf(ctx, "pool_drivers.csv", spec("driver_name", "is_tdabc?"));
  const result: PoolDriver[] = [];
  if (!drivers) return result;
  const unique = new UniqueKeys(drivers, "driver_name");
  let tdabcLine = 0;
  for (const row of drivers.rows) {
    const name = drivers.required(row, 0);
    const isTdabc = drivers.boolean(row, 1, false);
    if (name === null || !unique.add(name, row, 0) || isTdabc === null) continue;
    if (isTdabc) {
      if (tdabcLine > 0) {
        drivers.issue(
          row,
          1,
          "invalid_value",
          `Only one TDABC pool driver is allowed (another on line ${tdabcLine})`,
        );
        continue;
      }
      tdabcLine = row.line;
    }
    result.push({ name, isTdabc });
  }
  return result;
}

async function readPoolDriverValues(
  ctx: ReadContext,
  driverNames: Set<string>,
  poolCodes: Set<string>,
): Promise<PoolDriverValue[]> {
  const driverValues = await tableOf(
    ctx,
    "pool_driver_values.csv",
    spec("driver_name", "pool_code", "value"),
  );
  const result: PoolDriverValue[] = [];
  if (!driverValues) return result;
  const unique = new UniqueKeys(driverValues, "driver value for pool");
  for (const row of driverValues.rows) {
    const driver = driverValues.required(row, 0);
    const pool = driverValues.required(row, 1);
    const value = driverValues.number(row, 2, "required");
    const okDriver = checkRef(driverValues, row, 0, driver, driverNames, "pool driver");
    const okPool = checkRef(driverValues, row, 1, pool, poolCodes, "cost pool");
    if (!okDriver || !okPool || value === null) continue;
    if (!unique.add(`${driver}\u0000${pool}`, row, 1, `${driver} / ${pool}`)) continue;
    result.push({ driver: driver!, pool: pool!, value });
  }
  return result;
}

async function readActivities(ctx: ReadContext, poolCodes: Set<string>): Promise<Activity[]> {
  const activities = await tableOf(
    ctx,
    "activities.csv",
    spec("activity_code", "name?", "pool_code", "is_tdabc?"),
  );
  const result: Activity[] = [];
  if (!activities) return result;
  const unique = new UniqueKeys(activities, "activity_code");
  for (const row of activities.rows) {
    const code = activities.required(row, 0);
    // An empty pool_code is an activity outside any pool (the app allows one; step-3 rules name
    // their pool themselves, so the engine never reads it).
    const pool = activities.text(row, 2);
    const isTdabc = activities.boolean(row, 3, false);
    const okPool = pool === "" || checkRef(activities, row, 2, pool, poolCodes, "cost pool");
    if (code === null || !unique.add(code, row, 0) || !okPool || isTdabc === null) continue;
    result.push({ code, name: activities.text(row, 1), pool, isTdabc });
  }
  return result;
}
