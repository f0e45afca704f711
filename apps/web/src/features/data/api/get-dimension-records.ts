import { DimensionRecord } from "@costflow/contract/dimensions";
import { Transaction } from "@costflow/contract/transactional-data";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export const DIMENSION_RECORDS_KEY = ["data", "dimension-records"] as const;

/** GET transactional-data/transactions?scenario&dimension&ordering&limit&offset&searchTerm */
export function getTransactions(scenario: number, dimension: string, params: PageParams) {
  return fetchPageOrEmpty(
    "transactional-data/transactions",
    {
      scenario,
      dimension,
      limit: params.limit,
      offset: params.offset,
      ordering: params.ordering,
      searchTerm: params.search,
    },
    Transaction,
    "items",
  );
}

/** The classic view: GET dimension/records/?scenario&dimension&limit&offset[&ordering&search] */
export function getDimensionRecords(scenario: number, dimension: string, params: PageParams) {
  return fetchPageOrEmpty(
    "dimension/records/",
    {
      scenario,
      dimension,
      limit: params.limit,
      offset: params.offset,
      ordering: params.ordering,
      search: params.search,
    },
    DimensionRecord,
  );
}
