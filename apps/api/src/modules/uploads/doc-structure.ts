import type { Language } from "@costflow/contract/languages";
import {
  type DocFile,
  type DocStructure,
  UPLOAD_FORMATS,
  UPLOAD_KINDS,
  UPLOAD_MODES,
  type UploadKind,
  uploadMessage,
} from "@costflow/contract/uploads";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import { neutraliseCell } from "../../lib/spreadsheet-cells.ts";
import { bundleFileName, type FileColumn, fileColumns, KEY_COLUMNS } from "./file-columns.ts";
import { uploadMaxBytes } from "./upload-settings.ts";

/**
 * The software wizard's document structure of a model: for each kind of file its columns, their
 * types and an example row (the model's own data where it has some), and one records file per
 * dimension with the columns of its drivers.
 */
export async function getDocStructure(
  ctx: AppContext,
  companyId: number,
  modelId: number,
  language: Language,
): Promise<DocStructure> {
  const model = await ctx.repos.models.findModel(companyId, modelId);
  if (!model) throw notFound("model");
  const { account, pool, driver } = await ctx.repos.uploads.samples(companyId, modelId);
  const example = (key: string) => uploadMessage(language, `examples.${key}`);
  const accountCode = account?.code ?? "6000";
  const poolCode = pool?.code ?? "P100";

  const files: DocFile[] = [];
  const fixed: Record<Exclude<UploadKind, "RECORDS">, string[]> = {
    ACCOUNTS: [
      accountCode,
      account?.name ?? example("account_name"),
      account?.expenseGroup || example("expense_group"),
    ],
    ACCOUNT_VALUES: [accountCode, "1250.00"],
    COST_POOLS: [poolCode, pool?.name ?? example("pool_name"), String(pool?.isDirect ?? true)],
    POOL_DRIVER_VALUES: [driver?.name ?? example("driver_name"), poolCode, "40"],
  };
  for (const kind of UPLOAD_KINDS) {
    if (kind === "RECORDS") continue;
    files.push({
      kind,
      file_name: bundleFileName(kind),
      dimension: null,
      key: KEY_COLUMNS[kind],
      columns: fileColumns(kind),
      example: fixed[kind],
    });
  }

  const dimensions = await ctx.repos.uploads.listDimensions(companyId, modelId);
  const identifiers = await ctx.repos.uploads.sampleIdentifiers(
    companyId,
    dimensions.map((d) => d.id),
  );
  const codeToId = new Map(dimensions.map((d) => [d.code, d.id]));
  const identifierOf = (code: string) => identifiers.get(codeToId.get(code) ?? -1) ?? `${code}-001`;
  for (const dimension of dimensions) {
    const columns = fileColumns(
      "RECORDS",
      await ctx.repos.uploads.listDimensionDrivers(companyId, dimension.id),
    );
    files.push({
      kind: "RECORDS",
      file_name: bundleFileName("RECORDS", dimension.code),
      dimension: { id: dimension.id, code: dimension.code, name: dimension.name },
      key: KEY_COLUMNS.RECORDS,
      columns,
      example: columns.map((c) =>
        c.name === "identifier" ? identifierOf(dimension.code) : exampleOf(c, identifierOf, example),
      ),
    });
  }

  return {
    model: model.id,
    formats: [...UPLOAD_FORMATS],
    separators: [",", ";"],
    encodings: ["UTF-8", "UTF-16LE", "UTF-16BE"],
    max_bytes: uploadMaxBytes(),
    modes: [...UPLOAD_MODES],
    files,
  };
}

function exampleOf(
  column: FileColumn,
  identifierOf: (code: string) => string,
  example: (key: string) => string,
): string {
  switch (column.type) {
    case "DECIMAL":
      return "12.5";
    case "DATE":
      return "2025-01-31";
    case "REFERENCE":
      return identifierOf(column.dimension ?? "");
    default:
      return example("text");
  }
}

/**
 * `GET software/templates/{kind}/`: the header line of a file of that kind, with a UTF-8 BOM so
 * that spreadsheet programs open non-ASCII driver names correctly.
 */
export async function getTemplate(
  ctx: AppContext,
  companyId: number,
  kind: UploadKind,
  modelId: number,
  dimensionId: number | undefined,
): Promise<{ fileName: string; content: string }> {
  const model = await ctx.repos.models.findModel(companyId, modelId);
  if (!model) throw notFound("model");
  let columns: FileColumn[];
  let fileName: string;
  if (kind === "RECORDS") {
    if (dimensionId === undefined) throw fieldError("VALIDATION_ERROR", "dimension", "required");
    const dimension = await ctx.repos.uploads.findDimension(companyId, modelId, dimensionId);
    if (!dimension) throw notFound("dimension");
    columns = fileColumns("RECORDS", await ctx.repos.uploads.listDimensionDrivers(companyId, dimension.id));
    fileName = `${dimension.code}.csv`;
  } else {
    if (dimensionId !== undefined) throw fieldError("VALIDATION_ERROR", "dimension", "unknown_field");
    columns = fileColumns(kind);
    fileName = bundleFileName(kind);
  }
  // Driver names are typed by users: neutralised as cells of any spreadsheet file.
  return {
    fileName,
    content: `\uFEFF${columns.map((c) => csvCell(neutraliseCell(c.name))).join(",")}\r\n`,
  };
}

/** RFC 4180: a cell with a separator, quote or line break is quoted, its quotes doubled. */
function csvCell(text: string): string {
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
