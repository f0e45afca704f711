import type { Language } from "@costflow/contract/languages";
import type { BetaCalculatedDriver, BetaCalculatedDriverForm } from "@costflow/contract/transactional-data";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { fieldError } from "../../lib/app-error.ts";
import {
  createCalculatedDriver,
  updateCalculatedDriver,
  withFeedback,
} from "../calculated-drivers/save-calculated-driver.ts";

type Form = z.output<typeof BetaCalculatedDriverForm>;
type Saved = z.output<typeof BetaCalculatedDriver>;

/** The beta API names the driver's name `driver_name`. */
const fields = { name: "driver_name" };

/** The beta form's save: creates the driver (`created`) or, with a driver_id, updates that one. */
export async function saveBetaDriver(
  ctx: AppContext,
  companyId: number,
  form: Form,
  language: Language,
): Promise<{ driver: Saved; created: boolean }> {
  const input = {
    dimension: form.dimension,
    name: form.driver_name,
    formula: form.driver_formula,
    isPnlLine: form.is_pl,
  };
  const existing = form.driver_id ?? null;
  const row =
    existing === null
      ? await createCalculatedDriver(ctx, companyId, input, fields)
      : await updateCalculatedDriver(ctx, companyId, existing, input, fields);
  return { driver: await withFeedback(ctx, companyId, language, row), created: existing === null };
}

/** Updates the driver `oldDriverId` of the path's dimension (the form must name the same one). */
export async function updateBetaDriver(
  ctx: AppContext,
  companyId: number,
  path: { oldDriverId: number; dimension: number },
  form: Form,
  language: Language,
): Promise<Saved> {
  if (form.dimension !== path.dimension) throw fieldError("VALIDATION_ERROR", "dimension", "invalid_value");
  const row = await updateCalculatedDriver(
    ctx,
    companyId,
    path.oldDriverId,
    {
      dimension: path.dimension,
      name: form.driver_name,
      formula: form.driver_formula,
      isPnlLine: form.is_pl,
    },
    fields,
  );
  return withFeedback(ctx, companyId, language, row);
}
