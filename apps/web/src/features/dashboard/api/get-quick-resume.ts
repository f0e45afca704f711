import { QuickResume } from "@costflow/contract/dashboard";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

function getQuickResume(): Promise<QuickResume> {
  return api.get("dashboard/quick-resume/", undefined, { schema: QuickResume });
}

function quickResumeQueryOptions(company: number | null) {
  return queryOptions({ queryKey: ["dashboard", "quick-resume", company], queryFn: getQuickResume });
}

export function useQuickResume(company: number | null) {
  return useQuery(quickResumeQueryOptions(company));
}
