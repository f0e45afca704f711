// Regenerates the template bundles: `npx tsx packages/db/templates/generator/generate.ts`.
// Deterministic: the same code always writes the same files.

import { fileURLToPath } from "node:url";
import { writeTemplate } from "./bundle-writer.ts";
import { distributionTemplate } from "./distribution.ts";
import { manufacturingTemplate } from "./manufacturing.ts";
import { professionalServicesTemplate } from "./professional-services.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
writeTemplate(`${root}distribution`, distributionTemplate());
writeTemplate(`${root}manufacturing`, manufacturingTemplate());
writeTemplate(`${root}professional-services`, professionalServicesTemplate());
