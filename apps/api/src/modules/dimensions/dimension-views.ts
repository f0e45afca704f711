import type { Dimension, DimensionDriver, DimensionRecord, DriverType } from "@costflow/contract/dimensions";
import type { DimensionDriver as DriverRow } from "@costflow/db/repositories/dimension-drivers";
import type { DimensionRecord as RecordRow } from "@costflow/db/repositories/dimension-records";
import type { Dimension as DimensionRow } from "@costflow/db/repositories/dimensions";

export function toDimension(row: DimensionRow): Dimension {
  return { id: row.id, model: row.modelId, pid: row.parentId, title: row.name, code: row.code };
}

export function toDriver(row: DriverRow): DimensionDriver {
  return {
    id: row.id,
    dimension: row.dimensionId,
    name: row.name,
    data_type: row.dataType as DriverType,
    label: row.label ?? row.name,
    target_dimension: row.targetDimensionId,
    is_pnl_line: row.isPnlLine,
    position: row.position,
  };
}

export function toRecord(row: RecordRow): DimensionRecord {
  return {
    id: row.id,
    identifier: row.identifier,
    scenario: row.scenarioId,
    dimension: row.dimensionId,
    driverData: row.fields,
  };
}
