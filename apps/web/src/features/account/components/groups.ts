/** Permission groups of a membership (contract: Administrators, Analysts, Viewers). */
export const GROUPS = [
  { value: "Administrators", label: "app:groups.Administrators" },
  { value: "Analysts", label: "app:groups.Analysts" },
  { value: "Viewers", label: "app:groups.Viewers" },
];

/** The translated name of a known group; other names (set by an administrator) as they are. */
export function groupLabel(t: (key: string) => string, name: string): string {
  const known = GROUPS.find((g) => g.value === name);
  return known ? t(known.label) : name;
}
