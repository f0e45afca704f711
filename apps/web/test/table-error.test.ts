import { describe, expect, it } from "vitest";
import { ApiError } from "../src/lib/api-client";
import { tableErrorText } from "../src/lib/table-error";

describe("tableErrorText", () => {
  it("shows the server's translated message of a 4xx", () => {
    const notKept = new ApiError(
      409,
      {
        code: "RESULT_DETAIL_NOT_KEPT",
        message: "No se guarda el detalle por registro de esta dimensión.",
        message_key: "errors.RESULT_DETAIL_NOT_KEPT",
        errors: [],
      },
      "Conflict",
    );
    expect(tableErrorText(notKept)).toBe("No se guarda el detalle por registro de esta dimensión.");

    const notFound = new ApiError(
      404,
      { code: "NOT_FOUND", message: "Not found.", message_key: "errors.NOT_FOUND", errors: [] },
      "Not Found",
    );
    expect(tableErrorText(notFound)).toBe("Not found.");
  });

  it("names the refused fields of a 400 with their translated messages", () => {
    const invalid = new ApiError(
      400,
      {
        code: "VALIDATION_ERROR",
        message: "Some fields are not valid.",
        message_key: "errors.VALIDATION_ERROR",
        errors: [
          {
            field: "ordering",
            reason: "invalid_value",
            message: "this value is not one of the allowed choices",
          },
        ],
      },
      "Bad Request",
    );
    expect(tableErrorText(invalid)).toBe(
      "Some fields are not valid. ordering: this value is not one of the allowed choices",
    );
  });

  it("leaves a 5xx to the generic text", () => {
    const internal = new ApiError(
      500,
      {
        code: "INTERNAL",
        message: "Something went wrong. Please try again.",
        message_key: "errors.INTERNAL",
        errors: [],
      },
      "Internal Server Error",
    );
    expect(tableErrorText(internal)).toBeNull();
    expect(tableErrorText(new ApiError(503, null, "Service Unavailable"))).toBeNull();
  });

  it("leaves network failures to the generic text", () => {
    expect(tableErrorText(new TypeError("Failed to fetch"))).toBeNull();
    // What the client makes of a failed fetch: status 0.
    expect(tableErrorText(new ApiError(0, null, "Failed to fetch"))).toBeNull();
  });

  it("leaves a 4xx without the server's message to the generic text", () => {
    // Empty body: the client only has the HTTP status text.
    expect(tableErrorText(new ApiError(404, null, "Not Found"))).toBeNull();
    // A body without a message (a proxy's JSON): still only the status text.
    expect(tableErrorText(new ApiError(400, { code: "BAD_REQUEST" }, "Bad Request"))).toBeNull();
    expect(tableErrorText(new ApiError(403, { code: "FORBIDDEN", message: "" }, ""))).toBeNull();
  });

  it("reads anything else as no message", () => {
    expect(tableErrorText(null)).toBeNull();
    expect(tableErrorText(undefined)).toBeNull();
    expect(tableErrorText("boom")).toBeNull();
    expect(tableErrorText({ status: 400, message: "not an ApiError" })).toBeNull();
  });
});
