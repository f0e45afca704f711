import { z } from "zod";
import { int4Schema, textSchema } from "./common.ts";
import { Id, QueryBool, QueryId } from "./cost.ts";
import { listQuery, PageLimit, PageOffset, page } from "./pagination.ts";

// Dimensions, their drivers and their records (docs/data-api.md, "Dimensions and drivers"). Records
// and the transactions of transactional-data.ts are one store: `driverData` and `fields` are the
// same map.

/** Dimension driver types as stored and sent: Date, Text, Decimal, Dimension (relationship). */
export const DRIVER_TYPES = ["DATE", "TEXT", "DECI", "DIMENSION"] as const;
export type DriverType = (typeof DRIVER_TYPES)[number];
/** Lower-case names some calls take (`driver_type=decimal`), mapped to the stored codes. */
const DRIVER_TYPE_NAMES: Record<string, DriverType> = {
  date: "DATE",
  text: "TEXT",
  decimal: "DECI",
  dimension: "DIMENSION",
};
/** `driver_type` filter: a name (decimal, text, date, dimension) or a code (DECI, ...), any case. */
export const DriverTypeFilter = textSchema.trim().transform((v, ctx) => {
  const type = DRIVER_TYPE_NAMES[v.toLowerCase()] ?? DRIVER_TYPES.find((t) => t === v.toUpperCase());
  if (!type) {
    ctx.addIssue({ code: "custom", message: "invalid driver type" });
    return z.NEVER;
  }
  return type;
});

/** The suffix of a relationship driver: a driver targeting dimension P is named `<P code>_ID`. */
const RELATIONSHIP_SUFFIX = "_ID";
export const relationshipDriverName = (parentCode: string) => `${parentCode}${RELATIONSHIP_SUFFIX}`;

export const DimensionDriver = z.object({
  id: z.number().int(),
  dimension: z.number().int(),
  name: z.string(),
  data_type: z.enum(DRIVER_TYPES),
  /** The column label shown in tables (defaults to the name). */
  label: z.string(),
  /** DIMENSION drivers: the dimension whose records the values name. */
  target_dimension: z.number().int().nullable(),
  is_pnl_line: z.boolean(),
  position: z.number().int(),
});
export type DimensionDriver = z.infer<typeof DimensionDriver>;

export const Dimension = z.object({
  id: z.number().int(),
  model: z.number().int(),
  /** The dimension's parent dimension, or null for a root. */
  pid: z.number().int().nullable(),
  title: z.string(),
  /** Unique in the model; relationship drivers are named after it (`<code>_ID`). */
  code: z.string(),
});
export type Dimension = z.infer<typeof Dimension>;

/** GET dimensions/?model[&limit&offset&ordering] */
export const DimensionListQuery = listQuery(["title", "code", "id"]).extend({ model: QueryId });
export const DimensionPage = page(Dimension);

/** A node of the dimension tree: children, drivers and (with a scenario) the count of records. */
export type DimensionNode = Dimension & {
  drivers: DimensionDriver[];
  transactions: number | null;
  children: DimensionNode[];
};
export const DimensionNode: z.ZodType<DimensionNode> = Dimension.extend({
  drivers: z.array(DimensionDriver),
  transactions: z.number().int().nullable(),
  get children() {
    return z.array(DimensionNode);
  },
});

/** GET dimensions/get-dimensions-page-data/?model[&scenario] */
export const DimensionsPageDataQuery = z.object({ model: QueryId, scenario: QueryId.optional() });
export const DimensionsPageData = z.object({
  model: z.number().int(),
  /** Root dimensions with their descendants. */
  dimensions: z.array(DimensionNode),
  count: z.number().int(),
});

/** GET dimensions/get-labels/?model: each dimension's label and its drivers' column labels, with ids. */
export const DimensionLabels = z.array(
  z.object({
    id: z.number().int(),
    label: z.string(),
    code: z.string(),
    columns: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        label: z.string(),
        data_type: z.enum(DRIVER_TYPES),
      }),
    ),
  }),
);

const Title = textSchema.trim().min(1).max(200);
const DimensionCode = textSchema
  .trim()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z0-9_.-]+$/);

/**
 * POST dimensions/. `code` defaults to the title in upper case with `_` for other characters. With a
 * parent (`pid`), the child gets the relationship driver `<PARENT_CODE>_ID` unless it has it.
 */
export const CreateDimension = z.strictObject({
  model: Id,
  title: Title,
  code: DimensionCode.optional(),
  pid: Id.nullable().default(null),
});
export type CreateDimension = z.input<typeof CreateDimension>;
/** PATCH dimensions/{id}/; `pid: null` (or 0, the older client's "none") makes it a root. */
export const UpdateDimension = z.strictObject({
  model: Id.optional(),
  title: Title.optional(),
  code: DimensionCode.optional(),
  pid: int4Schema.nullable().optional(),
});
export type UpdateDimension = z.infer<typeof UpdateDimension>;

// Dimension drivers ----------------------------------------------------------------------------

/** GET dimension/drivers/?dimension[&data_type&limit&offset&ordering] */
export const DimensionDriverListQuery = listQuery(["name", "data_type", "position", "id"]).extend({
  dimension: QueryId,
  data_type: DriverTypeFilter.optional(),
});
export const DimensionDriverPage = page(DimensionDriver);

const DriverName = textSchema
  .trim()
  .min(1)
  .max(100)
  // Names are used in formulas and as JSON keys; brackets would break [bracketed] names.
  .regex(/^[^[\]]+$/);

/**
 * POST dimension/drivers/. A DIMENSION driver needs `target_dimension` (another dimension of the
 * model) and is named `<TARGET_CODE>_ID` (the name may be left out).
 */
export const CreateDimensionDriver = z.strictObject({
  dimension: Id,
  name: DriverName.optional(),
  data_type: z.enum(DRIVER_TYPES).default("DECI"),
  target_dimension: Id.nullable().default(null),
  label: textSchema.trim().max(200).optional(),
  is_pnl_line: z.boolean().default(false),
  position: int4Schema.optional(),
});
export type CreateDimensionDriver = z.input<typeof CreateDimensionDriver>;

/** PATCH dimension/drivers/{id}/: renaming a driver renames it in every record. */
export const UpdateDimensionDriver = z.strictObject({
  name: DriverName.optional(),
  label: textSchema.trim().max(200).optional(),
  is_pnl_line: z.boolean().optional(),
  position: int4Schema.optional(),
});
export type UpdateDimensionDriver = z.infer<typeof UpdateDimensionDriver>;

/**
 * DELETE dimension/drivers/?dimension&confirm=true: deletes every driver of the dimension,
 * its relationship drivers (`_ID`) included, and its records (transactions) in every scenario.
 */
export const DeleteDimensionDriversQuery = z.object({ dimension: QueryId, confirm: QueryBool.optional() });
export const DeleteDimensionDriversResult = z.object({
  drivers: z.number().int(),
  relationship_drivers: z.number().int(),
  records: z.number().int(),
});

// Records -------------------------------------------------------------------------------------

/** A value in a record: numbers for decimals, YYYY-MM-DD for dates, parent identifiers for `_ID`. */
export const FieldValue = z.union([textSchema, z.number(), z.null()]);
export const FieldMap = z.record(textSchema.min(1).max(100), FieldValue);
export type FieldMap = z.infer<typeof FieldMap>;

export const DimensionRecord = z.object({
  id: z.number().int(),
  identifier: z.string(),
  scenario: z.number().int(),
  dimension: z.number().int(),
  driverData: FieldMap,
});
export type DimensionRecord = z.infer<typeof DimensionRecord>;

/**
 * `ordering` of record lists: `identifier`, `id`, or the name of one of the dimension's drivers,
 * each optionally with a leading `-`. Checked against the dimension's drivers by the server.
 */
export const RecordOrdering = textSchema.trim().min(1).max(101);

/** GET dimension/records/?scenario&dimension&limit&offset[&ordering][&search] */
export const RecordListQuery = z.object({
  scenario: QueryId,
  dimension: QueryId,
  limit: PageLimit,
  offset: PageOffset,
  ordering: RecordOrdering.optional(),
  /** Identifiers starting with this text (case-insensitive). */
  search: textSchema.trim().max(100).optional(),
});
export const RecordPage = page(DimensionRecord);

const Identifier = textSchema.trim().min(1).max(200);

/** POST dimension/records/ */
export const CreateRecord = z.strictObject({
  scenario: Id,
  dimension: Id,
  identifier: Identifier,
  driverData: FieldMap.default({}),
});
/**
 * PATCH dimension/records/{id}/: the given driver values replace the record's (null clears one);
 * drivers not named keep their value.
 */
export const UpdateRecord = z.strictObject({
  identifier: Identifier.optional(),
  driverData: FieldMap.optional(),
});
export type UpdateRecord = z.infer<typeof UpdateRecord>;

export { Identifier as RecordIdentifier };
