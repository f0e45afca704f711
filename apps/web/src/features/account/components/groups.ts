/** Permission groups of a membership (contract: Administrators, Analysts, Viewers). */
export const GROUPS = [
  { value: "Administrators", label: "app:groups.Administrators" },
  { value: "Analysts", label: "app:groups.Analysts" },
  { value: "Viewers", label: "app:groups.Viewers" },
];
