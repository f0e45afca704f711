import type { DimensionRecords } from "@costflow/engine/model/types";

/**
 * Puts a dimension's records in code-unit order of their identifiers (the engine's order),
 * moving every column along. Only needed when the database's order differs (identifiers with
 * characters outside the Basic Multilingual Plane), so it favours simplicity over speed.
 */
export function sortRecords(records: DimensionRecords): void {
  const ids = records.identifiers;
  const order = Array.from(ids.keys()).sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
  const newRow = new Int32Array(order.length);
  order.forEach((oldRow, row) => {
    newRow[oldRow] = row;
  });
  records.identifiers = order.map((i) => ids[i]!);
  for (const [name, col] of records.decimals) {
    records.decimals.set(
      name,
      Float64Array.from(order, (i) => col[i]!),
    );
  }
  for (const [name, col] of records.texts) {
    records.texts.set(
      name,
      order.map((i) => col[i] ?? null),
    );
  }
  for (const rel of records.relations.values()) {
    const index = rel.index;
    rel.index = Int32Array.from(order, (i) => index[i]!);
    rel.dangling = rel.dangling
      .map((d) => ({ row: newRow[d.row]!, value: d.value }))
      .sort((a, b) => a.row - b.row);
  }
}
