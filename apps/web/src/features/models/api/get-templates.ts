import { ModelTemplate } from "@costflow/contract/models";
import { useQuery } from "@tanstack/react-query";
import { fetchPage } from "../../../lib/paged";

export type { ModelTemplate };

/** GET models/templates/: names and descriptions come back in the request's language. */
export function useModelTemplates(language: string) {
  return useQuery({
    queryKey: ["models", "templates", language],
    queryFn: () => fetchPage("models/templates/", {}, ModelTemplate),
    staleTime: 5 * 60_000,
  });
}
