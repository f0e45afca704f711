-- report_orders.nos: int[] -> 4-byte big-endian integers (int4send), stored uncompressed.
CREATE FUNCTION "report_orders_nos_bytes"(a integer[]) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$ select coalesce(string_agg(int4send(x), ''::bytea order by i), ''::bytea) from unnest(a) with ordinality as t(x, i) $$;--> statement-breakpoint
ALTER TABLE "report_orders" ALTER COLUMN "nos" SET DATA TYPE bytea USING "report_orders_nos_bytes"("nos");--> statement-breakpoint
ALTER TABLE "report_orders" ALTER COLUMN "nos" SET STORAGE EXTERNAL;--> statement-breakpoint
DROP FUNCTION "report_orders_nos_bytes"(integer[]);
