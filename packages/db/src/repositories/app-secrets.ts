import { eq } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { appSecrets } from "../schema/app-secrets.ts";

export function appSecretsRepository(db: Database) {
  return {
    /**
     * The stored secret of that name, created from `generate()` the first time. Concurrent first
     * starts agree on one value (the insert that loses the race is ignored).
     */
    async getOrCreate(name: string, generate: () => string, tx: Executor = db): Promise<string> {
      const read = async () => {
        const [row] = await tx
          .select({ value: appSecrets.value })
          .from(appSecrets)
          .where(eq(appSecrets.name, name));
        return row?.value;
      };
      const existing = await read();
      if (existing !== undefined) return existing;
      await tx.insert(appSecrets).values({ name, value: generate() }).onConflictDoNothing();
      return (await read())!;
    },
  };
}
