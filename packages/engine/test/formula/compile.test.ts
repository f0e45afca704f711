import { describe, expect, it } from "vitest";
import { checkFormula, compileFormula, FormulaError } from "../../src/formula/compile.ts";

const names = ["quantity", "price", "q", "x", "Unit price", "a.b", "_c1"];
const resolve = (n: string): number | undefined => {
  const i = names.indexOf(n);
  return i < 0 ? undefined : i;
};

/** Evaluates `source` on one record given as { name: value }. */
function run(source: string, record: Record<string, number> = {}): number {
  const f = compileFormula(source, resolve);
  const columns = names.map((n) => Float64Array.of(record[n] ?? Number.NaN));
  return f.evaluate(columns, 0);
}

function errorOf(fn: () => unknown): FormulaError {
  try {
    fn();
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
  throw new Error("expected a FormulaError");
}

describe("compileFormula: evaluation", () => {
  it.each([
    ["=1+2*3", 7],
    ["=(1+2)*3", 9],
    ["=10-4-3", 3],
    ["=100/10/5", 2],
    ["=-2*3", -6],
    ["=2--3", 5],
    ["=-(1+2)", -3],
    ["=1.5+.25", 1.75],
    ["=2.", 2],
    ["=1<2", 1],
    ["=2<1", 0],
    ["=2<=2", 1],
    ["=3>2", 1],
    ["=2>=3", 0],
    ["=2=2", 1],
    ["=2<>2", 0],
    ["=1+1=2", 1],
    ["=IF(1, 10, 20)", 10],
    ["=if(0, 10, 20)", 20],
    ["=MIN(3, 1, 2)", 1],
    ["=max(3, 1, 2)", 3],
    ["=MIN(4)", 4],
    ["=ABS(-4.5)", 4.5],
    ["=ROUND(2.5, 0)", 3],
    ["=ROUND(-2.5, 0)", -3],
    ["=ROUND(1.005, 2)", 1.01],
    ["=ROUND(-1.005, 2)", -1.01],
    ["=ROUND(1234.5678, -2)", 1200],
    ["=ROUND(1250, -2)", 1300],
    ["=ROUND(2.345, 2)", 2.35],
    ["= 1 +\t2 \n* 3 ", 7],
  ])("%s = %d", (source, expected) => {
    expect(run(source)).toBeCloseTo(expected, 12);
  });

  it("reads names, bracketed names and dotted names", () => {
    expect(run("=quantity*price", { quantity: 3, price: 2.5 })).toBe(7.5);
    expect(run("=[Unit price]*2", { "Unit price": 4 })).toBe(8);
    expect(run("=a.b+_c1", { "a.b": 1, _c1: 2 })).toBe(3);
  });

  it("reads a missing value (NaN) as 0", () => {
    expect(run("=quantity*price+1", { quantity: 3 })).toBe(1);
    expect(run("=x=0", {})).toBe(1);
  });

  it("evaluates only the IF branch taken", () => {
    expect(run("=IF(q=0, 0, x/q)", { q: 0, x: 5 })).toBe(0);
    expect(run("=IF(q=0, 0, x/q)", { q: 2, x: 5 })).toBe(2.5);
    expect(run("=IF(0, 1/0, 7)")).toBe(7);
  });

  it("evaluates many rows from columns", () => {
    const f = compileFormula("=quantity * price", resolve);
    const q = Float64Array.of(1, 2, Number.NaN);
    const p = Float64Array.of(10, 20, 30);
    const cols: ArrayLike<number>[] = names.map(() => new Float64Array(3));
    cols[0] = q;
    cols[1] = p;
    expect([0, 1, 2].map((r) => f.evaluate(cols, r))).toEqual([10, 40, 0]);
  });

  it("lists distinct names in order of first appearance", () => {
    const f = compileFormula("=price*quantity+price+[Unit price]", resolve);
    expect(f.names).toEqual(["price", "quantity", "Unit price"]);
    expect(f.source).toBe("=price*quantity+price+[Unit price]");
  });

  it("treats a function name without parentheses as a name", () => {
    const f = compileFormula("=min+1", (n) => (n === "min" ? 0 : undefined));
    expect(f.evaluate([Float64Array.of(2)], 0)).toBe(3);
  });

  it("handles a sum of thousands of terms without overflowing the stack", () => {
    const source = `=${Array.from({ length: 20_000 }, () => "x").join("+")}`;
    expect(run(source, { x: 1 })).toBe(20_000);
    const product = `=${Array.from({ length: 5000 }, () => "1").join("*")}`;
    expect(run(product)).toBe(1);
  });
});

describe("compileFormula: errors with positions", () => {
  it("division by zero points at the /", () => {
    const e = errorOf(() => run("=x / q", { x: 1, q: 0 }));
    expect(e.code).toBe("division_by_zero");
    expect(e.position).toBe(3);
    expect(e.message).toBe("Division by zero at position 3");
    expect(errorOf(() => run("=1/0")).position).toBe(2);
    expect(errorOf(() => run("=x/(q-q)", { q: 3 })).code).toBe("division_by_zero");
    const long = `=${Array.from({ length: 30 }, () => "1").join("+")}+1/q`;
    expect(errorOf(() => run(long)).position).toBe(long.lastIndexOf("/"));
  });

  it("unknown name carries position and name", () => {
    const e = errorOf(() => compileFormula("=1 + foo", resolve));
    expect(e).toBeInstanceOf(Error);
    expect(e.code).toBe("unknown_name");
    expect(e.position).toBe(5);
    expect(e.name).toBe("foo");
    expect(e.message).toBe('Unknown name "foo" at position 5');
    expect(errorOf(() => compileFormula("=[no such]", resolve)).name).toBe("no such");
  });

  it.each([
    ["", "missing_equals", 0, 'A formula starts with "=" (position 0)'],
    ["1+2", "missing_equals", 0, 'A formula starts with "=" (position 0)'],
    ["=", "empty_formula", 1, 'Empty formula: nothing after "=" at position 1'],
    ["=   ", "empty_formula", 1, 'Empty formula: nothing after "=" at position 1'],
    ["=1+", "unexpected_token", 3, "Unexpected end of formula at position 3"],
    ["=1 2", "unexpected_token", 3, "Unexpected number 2 at position 3"],
    ["=x y", "unexpected_token", 3, 'Unexpected name "y" at position 3'],
    ["=*2", "unexpected_token", 1, 'Unexpected "*" at position 1'],
    ["=1)", "unexpected_token", 2, 'Unexpected ")" at position 2'],
    ["=(1+2", "unclosed_parenthesis", 1, 'Unclosed parenthesis "(" at position 1'],
    ["=IF(1,2,3", "unclosed_parenthesis", 3, 'Unclosed parenthesis "(" at position 3'],
    ["=IF(1,2)", "wrong_arity", 1, "IF expects 3 arguments, got 2 at position 1"],
    ["=ABS()", "wrong_arity", 1, "ABS expects 1 argument, got 0 at position 1"],
    ["=MAX()", "wrong_arity", 1, "MAX expects at least 1 argument, got 0 at position 1"],
    ["=ROUND(1)", "wrong_arity", 1, "ROUND expects 2 arguments, got 1 at position 1"],
    ["=SQRT(4)", "unknown_function", 1, 'Unknown function "SQRT" at position 1'],
    ["=1 $ 2", "unexpected_character", 3, 'Unexpected character "$" at position 3'],
    ["=1^2", "unexpected_character", 2, 'Unexpected character "^" at position 2'],
    ["=[abc", "unclosed_bracket", 1, 'Unclosed "[" at position 1'],
    ["=[]", "empty_name", 1, 'Empty name "[]" at position 1'],
    ["=[x](1)", "unexpected_token", 4, 'Unexpected "(" at position 4'],
  ])("%j -> %s at %d", (source, code, position, message) => {
    const e = errorOf(() => compileFormula(source, resolve));
    expect([e.code, e.position, e.message]).toEqual([code, position, message]);
  });

  it("rejects nesting deeper than 200 levels", () => {
    const deep = `=${"(".repeat(500)}1${")".repeat(500)}`;
    const e = errorOf(() => compileFormula(deep, resolve));
    expect(e.code).toBe("too_complex");
    expect(compileFormula(`=${"(".repeat(150)}1${")".repeat(150)}`, resolve).evaluate([], 0)).toBe(1);
  });
});

describe("checkFormula", () => {
  it("accepts a valid formula and lists its names", () => {
    expect(checkFormula("=quantity*price-quantity", ["quantity", "price"])).toEqual({
      ok: true,
      names: ["quantity", "price"],
    });
  });

  it("reports the first unknown name", () => {
    expect(checkFormula("=quantity*prise", ["quantity", "price"])).toEqual({
      ok: false,
      code: "unknown_name",
      position: 10,
      message: 'Unknown name "prise" at position 10',
      name: "prise",
    });
  });

  it("reports syntax errors without a name", () => {
    expect(checkFormula("=(1", [])).toEqual({
      ok: false,
      code: "unclosed_parenthesis",
      position: 1,
      message: 'Unclosed parenthesis "(" at position 1',
    });
  });
});
