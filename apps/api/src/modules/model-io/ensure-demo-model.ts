import type { Database } from "@costflow/db/client";
import { DEMO_COMPANY, DEMO_USERS } from "@costflow/db/seed";
import { readBundle } from "@costflow/engine/bundle/read-bundle";
import { createRepositories } from "../../context.ts";
import { saveModelData } from "./save-model-data.ts";
import { templatePath } from "./templates.ts";

/** Serialises concurrent starts of several API processes (any fixed number). */
const DEMO_MODEL_LOCK = 727_005;

/**
 * Gives the demo company the distribution template as a model with one scenario, and points the
 * demo users' selected model and scenario at it. Runs on every start: it does nothing when the
 * demo company does not exist or already has a model. It runs before the app (and its context)
 * exists: the repositories are the context's, built over `db` (context.ts, createRepositories).
 */
export async function ensureDemoModel(db: Database): Promise<{ created: boolean }> {
  const { companies, models, users } = createRepositories(db);
  const company = await companies.findByName(DEMO_COMPANY.name);
  if (!company) return { created: false };
  if ((await models.countModels(company.id)) > 0) return { created: false };

  const model = await readBundle(templatePath("distribution"));
  return db.transaction(async (tx) => {
    await models.lockForTransaction(DEMO_MODEL_LOCK, tx);
    if ((await models.countModels(company.id, tx)) > 0) return { created: false };
    const admin = await users.findByEmail(DEMO_USERS[0].email, tx);
    const saved = await saveModelData(company.id, admin?.id ?? null, model, tx);
    for (const demo of DEMO_USERS) {
      const user = await users.findByEmail(demo.email, tx);
      if (!user) continue;
      const settings = await users.getSettings(user.id, tx);
      if (settings.selectedCompanyId !== null && settings.selectedCompanyId !== company.id) continue;
      await users.updateSettings(
        user.id,
        { selectedCompanyId: company.id, selectedModelId: saved.model, selectedScenarioId: saved.scenario },
        tx,
      );
    }
    return { created: true };
  });
}
