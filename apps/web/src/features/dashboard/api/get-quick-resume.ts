import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { QuickResume } from "../../../lib/api-types";

function getQuickResume(): Promise<QuickResume> {
  return api.get<QuickResume>("dashboard/quick-resume/");
}

function quickResumeQueryOptions(company: number | null) {
  return queryOptions({ queryKey: ["dashboard", "quick-resume", company], queryFn: getQuickResume });
}

export function useQuickResume(company: number | null) {
  return useQuery(quickResumeQueryOptions(company));
}
