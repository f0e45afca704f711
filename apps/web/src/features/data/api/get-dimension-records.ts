import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export interface TransactionRow {
  transaction_id: string;
  fields: Record<string, unknown>;
}

export const DIMENSION_RECORDS_KEY = ["data", "dimension-records"] as const;

/** Spec 7: GET transactional-data/transactions?scenario&dimension&ordering&limit&offset&searchTerm */
export function getTransactions(scenario: number, dimension: string, params: PageParams) {
  return fetchPageOrEmpty<TransactionRow>("transactional-data/transactions", {
    scenario,
    dimension,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering,
    searchTerm: params.search,
  });
}

export interface RecordRow {
  id: number;
  identifier: string;
  driverData?: Record<string, unknown>;
}

/** Spec 7 (classic view): GET dimension/records/?scenario&dimension&limit&offset[&ordering&search] */
export function getDimensionRecords(scenario: number, dimension: string, params: PageParams) {
  return fetchPageOrEmpty<RecordRow>("dimension/records/", {
    scenario,
    dimension,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering,
    search: params.search,
  });
}

export interface DimensionDriverRow {
  id: number;
  name: string;
  type?: string;
  data_type?: string;
  is_pnl_line?: boolean;
}

/** Spec 7: GET transactional-data/drivers?dimension[&ordering&limit&offset] */
export function getDimensionDrivers(dimension: string, params: PageParams) {
  return fetchPageOrEmpty<DimensionDriverRow>("transactional-data/drivers", {
    dimension,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering,
  });
}
