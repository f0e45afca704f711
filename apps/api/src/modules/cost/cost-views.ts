import type {
  AccountValue,
  CostPool,
  FinancialAccount,
  FinancialAccountRow,
  PoolDriver,
  PoolDriverValue,
} from "@costflow/contract/cost";
import type { AccountValueView } from "@costflow/db/repositories/account-values";
import type { CostPool as PoolRow } from "@costflow/db/repositories/cost-pools";
import type { AccountWithAmount, ListedAccount } from "@costflow/db/repositories/financial-accounts";
import type {
  PoolDriver as DriverRow,
  PoolDriverValue as DriverValueRow,
} from "@costflow/db/repositories/pool-drivers";

/** numeric columns come back as exact decimal strings; the API answers JSON numbers. */
export const toNumber = (value: string) => Number(value);
const toNumberOrNull = (value: string | null) => (value === null ? null : Number(value));

export function toAccount(row: ListedAccount): FinancialAccount {
  return {
    account_id: row.id,
    ID: row.code,
    name: row.name,
    expense_group: row.expenseGroup,
    model: row.modelId,
  };
}

export function toAccountRow(row: AccountWithAmount): FinancialAccountRow {
  return { ...toAccount(row), amount: toNumberOrNull(row.amount), value_id: row.valueId };
}

export function toAccountValue(row: AccountValueView): AccountValue {
  return {
    id: row.id,
    scenario: row.scenarioId,
    account: row.accountId,
    amount: toNumber(row.amount),
    account_ID: row.accountCode,
    account_name: row.accountName,
  };
}

export function toPoolDriver(row: DriverRow): PoolDriver {
  return {
    id: row.id,
    model: row.modelId,
    name: row.name,
    display_type: row.displayType as PoolDriver["display_type"],
    is_tdabc: row.isTdabc,
  };
}

export function toPoolDriverValue(row: DriverValueRow): PoolDriverValue {
  return {
    id: row.id,
    scenario: row.scenarioId,
    driver: row.driverId,
    pool: row.poolId,
    value: toNumber(row.value),
  };
}

/** A pool with every driver of the model and, from `values`, the driver's value for this pool. */
export function toCostPool(row: PoolRow, drivers: DriverRow[], values: DriverValueRow[]): CostPool {
  const mine = new Map(values.filter((v) => v.poolId === row.id).map((v) => [v.driverId, v]));
  return {
    id: row.id,
    model: row.modelId,
    identifier: row.code,
    name: row.name,
    is_direct: row.isDirect,
    drivers: drivers.map((d) => {
      const value = mine.get(d.id);
      return {
        ...toPoolDriver(d),
        value: value ? toNumber(value.value) : null,
        value_id: value?.id ?? null,
        capacity: d.isTdabc,
      };
    }),
  };
}
