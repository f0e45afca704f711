import { defineConfig } from "drizzle-kit";

// `npm run generate -w @costflow/db` writes the next SQL migration into drizzle/ from src/schema/.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema",
  out: "./drizzle",
});
