// Shapes of the report calls (issue 9, item 2), from the contract; the fetchers pass the contract's
// schemas so development builds check the answers.

export type { RecordTrace } from "@costflow/contract/report-trace";
export type {
  CompareMode,
  CompareReport,
  CompareRow,
  PnlReport,
  ProfitabilityReport,
  ProfitabilityRow,
  ReportSide,
  TreemapNode,
  TreemapReport,
  WaterfallReport,
  WaterfallStep,
  WhaleReport,
} from "@costflow/contract/reports";
export type { SavedReport, SavedReportType } from "@costflow/contract/saved-reports";
