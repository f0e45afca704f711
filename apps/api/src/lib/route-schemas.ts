import { ErrorBody } from "@costflow/contract/errors";
import { z } from "zod";

/** Every route may answer with the error body; listed once so OpenAPI shows it everywhere. */
export const errorResponses = { "4xx": ErrorBody, "5xx": ErrorBody } as const;
export const NoContent = z.null().describe("No content");
export const bearer = [{ bearerAuth: [] }];
