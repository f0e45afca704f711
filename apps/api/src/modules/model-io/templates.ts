import { join } from "node:path";
import type { Language } from "@costflow/contract/languages";
import {
  MODEL_TEMPLATES,
  type ModelCreated,
  type ModelTemplate,
  type ModelTemplateId,
  TEMPLATE_TEXTS,
} from "@costflow/contract/models";
import { TEMPLATES_DIR } from "@costflow/db/repositories/model-data/templates-dir";
import { readBundle } from "@costflow/engine/bundle/read-bundle";
import type { AppContext } from "../../context.ts";
import { importBundle } from "./import-model.ts";

// Model templates are bundles in packages/db/templates/<id>/ (names and descriptions in English in
// their model.json); their texts for the UI are the `templates` translation namespace.

export function templatePath(id: ModelTemplateId): string {
  return join(TEMPLATES_DIR, id);
}

let counts: Promise<Map<ModelTemplateId, ModelTemplate["counts"]>> | null = null;

/** What each template holds, read once per process (the bundles are small). */
function templateCounts(): Promise<Map<ModelTemplateId, ModelTemplate["counts"]>> {
  counts ??= (async () => {
    const out = new Map<ModelTemplateId, ModelTemplate["counts"]>();
    for (const id of MODEL_TEMPLATES) {
      const model = await readBundle(templatePath(id));
      let records = 0;
      for (const r of model.records.values()) records += r.identifiers.length;
      out.set(id, {
        accounts: model.accounts.length,
        cost_pools: model.pools.length,
        activities: model.activities.length,
        dimensions: model.dimensions.length,
        records,
      });
    }
    return out;
  })();
  counts.catch(() => {
    counts = null;
  });
  return counts;
}

export async function listTemplates(language: Language): Promise<ModelTemplate[]> {
  const sizes = await templateCounts();
  return MODEL_TEMPLATES.map((id) => ({
    id,
    name: TEMPLATE_TEXTS[language][id].name,
    short_description: TEMPLATE_TEXTS[language][id].description,
    name_key: `templates:${id}.name`,
    description_key: `templates:${id}.description`,
    counts: sizes.get(id)!,
  }));
}

/** A new model (with the template's data, rules and scenario) from a template. */
export function createModelFromTemplate(
  ctx: AppContext,
  companyId: number,
  userId: number | null,
  input: { template: ModelTemplateId; name?: string | undefined; shortDescription?: string | undefined },
): Promise<ModelCreated> {
  return importBundle(
    companyId,
    userId,
    templatePath(input.template),
    {
      name: input.name,
      shortDescription: input.shortDescription,
    },
    {},
    ctx.db,
  );
}
