import { fileURLToPath } from "node:url";

/** The model templates: one bundle folder per template id (packages/db/templates/<id>/). */
export const TEMPLATES_DIR = fileURLToPath(new URL("../../../templates/", import.meta.url));
