import type { Executor } from "../../client.ts";
import { rawQuery } from "./raw-client.ts";

// Everything of one scenario except its dimension records (read-records.ts streams those), with
// references as codes (the bundle's natural keys). Numbers of numeric columns come as text, exactly
// as stored. Master data comes in creation order (id), which is the bundle's row order.

export interface ScenarioHead {
  modelId: number;
  modelName: string;
  shortDescription: string;
  scenarioId: number;
  name: string;
  description: string;
  currency: string;
  periodFrom: string;
  periodTo: string;
}

export interface ModelRows {
  head: ScenarioHead;
  accounts: { code: string; name: string; expenseGroup: string }[];
  accountValues: { account: string; amount: string }[];
  pools: { code: string; name: string; isDirect: boolean }[];
  poolDrivers: { name: string; isTdabc: boolean }[];
  poolDriverValues: { driver: string; pool: string; value: string }[];
  activities: { code: string; name: string; pool: string | null; isTdabc: boolean }[];
  dimensions: { id: number; code: string; name: string; parent: string | null }[];
  /** data_type as stored: DECI, TEXT, DATE, DIMENSION (then `target` is the target's code). */
  dimensionDrivers: {
    dimensionId: number;
    dimension: string;
    name: string;
    dataType: string;
    target: string | null;
  }[];
  calculatedDrivers: { dimension: string; name: string; formula: string; isPnlLine: boolean }[];
  step1: { account: string; pool: string; type: string; ratio: string; driver: string | null }[];
  step2: { source: string; destination: string; type: string; ratio: string; driver: string | null }[];
  step3: { pool: string; activity: string; ratio: string; tdabcRatio: string | null }[];
  step4: {
    activity: string;
    dimension: string;
    splitType: string;
    driver: string | null;
    equation: string;
  }[];
  step5: PushRow[];
  step6: (Omit<PushRow, "activity"> & { calculatedDriver: string })[];
  pnlLines: {
    code: string;
    description: string;
    category: string;
    activity: string | null;
    calculatedDriver: string | null;
    dimension: string | null;
    formula: string;
    factor: number;
    parent: string | null;
    rank: number;
  }[];
  settings: { step2Strategy: string; profitLine: string | null } | null;
}

export interface PushRow {
  activity: string;
  parentDimension: string;
  childDimension: string;
  splitType: string;
  driver: string | null;
  equation: string;
}

/** The scenario and its model, or undefined when the company has no such scenario. */
async function readScenarioHead(
  companyId: number,
  scenarioId: number,
  executor: Executor,
): Promise<ScenarioHead | undefined> {
  const [head] = await rawQuery<ScenarioHead>(
    `select m.id as "modelId", m.name as "modelName", m.short_description as "shortDescription",
            s.id as "scenarioId", s.name, s.description, s.currency,
            s.period_from::text as "periodFrom", s.period_to::text as "periodTo"
       from scenarios s
       join models m on m.company_id = s.company_id and m.id = s.model_id
      where s.company_id = $1 and s.id = $2`,
    [companyId, scenarioId],
    executor,
  );
  return head;
}

/** Runs one query of the read (on the caller's executor). */
type Query = <T>(text: string, params: unknown[]) => Promise<T[]>;

/** All rows of the scenario and its model but the records; undefined when there is no such scenario. */
export async function readModelRows(
  companyId: number,
  scenarioId: number,
  executor: Executor,
): Promise<ModelRows | undefined> {
  const head = await readScenarioHead(companyId, scenarioId, executor);
  if (!head) return undefined;
  const m = [companyId, head.modelId];
  const s = [companyId, scenarioId];
  const q: Query = (text, params) => rawQuery(text, params, executor);
  // One query at a time, in this order: the executor may be a transaction.
  const cost = await readCostSide(q, m, s);
  const dimensions = await readDimensionSide(q, m);
  const rules = await readRules(q, s);
  const report = await readReportSide(q, m, s);
  return {
    head,
    accounts: cost.accounts,
    accountValues: cost.accountValues,
    pools: cost.pools,
    poolDrivers: cost.poolDrivers,
    poolDriverValues: cost.poolDriverValues,
    activities: cost.activities,
    dimensions: dimensions.dimensions,
    dimensionDrivers: dimensions.dimensionDrivers,
    calculatedDrivers: dimensions.calculatedDrivers,
    step1: rules.step1,
    step2: rules.step2,
    step3: rules.step3,
    step4: rules.step4,
    step5: rules.step5,
    step6: rules.step6,
    pnlLines: report.pnlLines,
    settings: report.settings,
  };
}

/** Accounts, cost pools, pool drivers and activities (model `m`), with their values in scenario `s`. */
async function readCostSide(q: Query, m: unknown[], s: unknown[]) {
  const accounts = await q<ModelRows["accounts"][number]>(
    `select code, name, expense_group as "expenseGroup" from financial_accounts
      where company_id = $1 and model_id = $2 order by id`,
    m,
  );
  const accountValues = await q<ModelRows["accountValues"][number]>(
    `select a.code as account, v.amount::text as amount
       from account_values v join financial_accounts a on a.company_id = v.company_id and a.id = v.account_id
      where v.company_id = $1 and v.scenario_id = $2 order by a.id`,
    s,
  );
  const pools = await q<ModelRows["pools"][number]>(
    `select code, name, is_direct as "isDirect" from cost_pools
      where company_id = $1 and model_id = $2 order by id`,
    m,
  );
  const poolDrivers = await q<ModelRows["poolDrivers"][number]>(
    `select name, is_tdabc as "isTdabc" from cost_pool_drivers
      where company_id = $1 and model_id = $2 order by id`,
    m,
  );
  const poolDriverValues = await q<ModelRows["poolDriverValues"][number]>(
    `select d.name as driver, p.code as pool, v.value::text as value
       from cost_pool_driver_values v
       join cost_pool_drivers d on d.company_id = v.company_id and d.id = v.driver_id
       join cost_pools p on p.company_id = v.company_id and p.id = v.pool_id
      where v.company_id = $1 and v.scenario_id = $2 order by d.id, p.id`,
    s,
  );
  const activities = await q<ModelRows["activities"][number]>(
    `select a.code, a.name, p.code as pool, a.is_tdabc as "isTdabc"
       from activities a left join cost_pools p on p.company_id = a.company_id and p.id = a.cost_pool_id
      where a.company_id = $1 and a.model_id = $2 order by a.id`,
    m,
  );
  return { accounts, accountValues, pools, poolDrivers, poolDriverValues, activities };
}

/** Dimensions, their drivers and calculated drivers of model `m`. */
async function readDimensionSide(q: Query, m: unknown[]) {
  const dimensions = await q<ModelRows["dimensions"][number]>(
    `select d.id, d.code, d.name, p.code as parent
       from dimensions d left join dimensions p on p.company_id = d.company_id and p.id = d.parent_id
      where d.company_id = $1 and d.model_id = $2 order by d.id`,
    m,
  );
  const dimensionDrivers = await q<ModelRows["dimensionDrivers"][number]>(
    `select d.id as "dimensionId", d.code as dimension, r.name, r.data_type as "dataType", t.code as target
       from dimension_drivers r
       join dimensions d on d.company_id = r.company_id and d.id = r.dimension_id
       left join dimensions t on t.company_id = r.company_id and t.id = r.target_dimension_id
      where r.company_id = $1 and d.model_id = $2 order by r.position, r.id`,
    m,
  );
  const calculatedDrivers = await q<ModelRows["calculatedDrivers"][number]>(
    `select d.code as dimension, c.name, c.formula, c.is_pnl_line as "isPnlLine"
       from calculated_drivers c join dimensions d on d.company_id = c.company_id and d.id = c.dimension_id
      where c.company_id = $1 and c.model_id = $2 order by c.position, c.id`,
    m,
  );
  return { dimensions, dimensionDrivers, calculatedDrivers };
}

/** The rules of the six allocation steps of scenario `s`. */
async function readRules(q: Query, s: unknown[]) {
  const step1 = await q<ModelRows["step1"][number]>(
    `select a.code as account, p.code as pool, r.type, r.ratio::text as ratio, d.name as driver
       from account_allocations r
       join financial_accounts a on a.company_id = r.company_id and a.id = r.source_id
       join cost_pools p on p.company_id = r.company_id and p.id = r.destination_id
       left join cost_pool_drivers d on d.company_id = r.company_id and d.id = r.driver_id
      where r.company_id = $1 and r.scenario_id = $2 order by r.id`,
    s,
  );
  const step2 = await q<ModelRows["step2"][number]>(
    `select p.code as source, q.code as destination, r.type, r.ratio::text as ratio, d.name as driver
       from cost_pool_allocations r
       join cost_pools p on p.company_id = r.company_id and p.id = r.source_id
       join cost_pools q on q.company_id = r.company_id and q.id = r.destination_id
       left join cost_pool_drivers d on d.company_id = r.company_id and d.id = r.driver_id
      where r.company_id = $1 and r.scenario_id = $2 order by r.id`,
    s,
  );
  const step3 = await q<ModelRows["step3"][number]>(
    `select p.code as pool, a.code as activity, r.ratio::text as ratio, r.tdabc_ratio::text as "tdabcRatio"
       from direct_allocations r
       join cost_pools p on p.company_id = r.company_id and p.id = r.source_id
       join activities a on a.company_id = r.company_id and a.id = r.destination_id
      where r.company_id = $1 and r.scenario_id = $2 order by r.id`,
    s,
  );
  const step4 = await q<ModelRows["step4"][number]>(
    `select a.code as activity, d.code as dimension, r.split_type as "splitType", v.name as driver, r.equation
       from activity_allocations r
       join activities a on a.company_id = r.company_id and a.id = r.source_id
       join dimensions d on d.company_id = r.company_id and d.id = r.destination_id
       left join dimension_drivers v on v.company_id = r.company_id and v.id = r.allocation_driver_id
      where r.company_id = $1 and r.scenario_id = $2 order by r.id`,
    s,
  );
  const step5 = await q<PushRow>(
    `select a.code as activity, p.code as "parentDimension", c.code as "childDimension",
            r.split_type as "splitType", v.name as driver, r.equation
       from dimension_allocations r
       join activities a on a.company_id = r.company_id and a.id = r.source_activity_id
       join dimensions p on p.company_id = r.company_id and p.id = r.source_parent_id
       join dimensions c on c.company_id = r.company_id and c.id = r.destination_child_id
       left join dimension_drivers v on v.company_id = r.company_id and v.id = r.allocation_driver_id
      where r.company_id = $1 and r.scenario_id = $2 order by r.id`,
    s,
  );
  const step6 = await q<ModelRows["step6"][number]>(
    `select k.name as "calculatedDriver", p.code as "parentDimension", c.code as "childDimension",
            r.split_type as "splitType", v.name as driver, r.equation
       from calculated_driver_allocations r
       join calculated_drivers k on k.company_id = r.company_id and k.id = r.source_driver_id
       join dimensions p on p.company_id = r.company_id and p.id = r.source_parent_id
       join dimensions c on c.company_id = r.company_id and c.id = r.destination_child_id
       left join dimension_drivers v on v.company_id = r.company_id and v.id = r.allocation_driver_id
      where r.company_id = $1 and r.scenario_id = $2 order by r.id`,
    s,
  );
  return { step1, step2, step3, step4, step5, step6 };
}

/** The P&L lines of model `m` and the allocation settings of scenario `s` (null when never saved). */
async function readReportSide(q: Query, m: unknown[], s: unknown[]) {
  const pnlLines = await q<ModelRows["pnlLines"][number]>(
    `select l.code, l.description, l.category, a.code as activity, k.name as "calculatedDriver",
            d.code as dimension, l.formula, l.factor, p.code as parent, l.rank
       from report_lines l
       left join activities a on a.company_id = l.company_id and a.id = l.activity_id
       left join calculated_drivers k on k.company_id = l.company_id and k.id = l.calculated_driver_id
       left join dimensions d on d.company_id = l.company_id and d.id = l.dimension_id
       left join report_lines p on p.company_id = l.company_id and p.id = l.parent_id
      where l.company_id = $1 and l.model_id = $2 order by l.id`,
    m,
  );
  const [settings] = await q<NonNullable<ModelRows["settings"]>>(
    `select step2_strategy as "step2Strategy", profit_line_code as "profitLine"
       from scenario_settings where company_id = $1 and scenario_id = $2`,
    s,
  );
  return { pnlLines, settings: settings ?? null };
}
