// The one error type of the formula language. `position` is a 0-based index into the source so the
// editor can underline the spot; `name` carries the offending name or function when there is one.

type FormulaErrorCode =
  | "missing_equals"
  | "empty_formula"
  | "unexpected_character"
  | "unexpected_token"
  | "unclosed_parenthesis"
  | "unclosed_bracket"
  | "empty_name"
  | "unknown_function"
  | "wrong_arity"
  | "unknown_name"
  | "too_complex"
  | "division_by_zero";

// Error declares `name: string` (the error class name). The formula API reports the offending name
// in `.name` instead (absent when there is none), so the constructor type is widened here to let the
// subclass declare it optional; at runtime this is the plain Error constructor.
const ErrorBase = Error as unknown as new (message: string) => Omit<Error, "name">;

export class FormulaError extends ErrorBase {
  readonly code: FormulaErrorCode;
  readonly position: number;
  readonly name?: string;

  constructor(code: FormulaErrorCode, position: number, message: string, name?: string) {
    super(message);
    // Format the stack now, while `name` is still Error's, so traces read "Error: Unknown name ..."
    // rather than "foo: Unknown name ...".
    void (this as { stack?: string }).stack;
    this.code = code;
    this.position = position;
    if (name !== undefined) this.name = name;
  }

  override toString(): string {
    return `FormulaError: ${this.message}`;
  }
}
