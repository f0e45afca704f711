import { useQueryClient } from "@tanstack/react-query";
import { STEP_RULES_KEY } from "./get-step-rules";
import { STEP_SOURCES_KEY } from "./get-step-sources";

/** After a rule is saved or deleted: the rule lists and the sources panels refresh. */
export function useInvalidateRules() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: STEP_RULES_KEY });
    void queryClient.invalidateQueries({ queryKey: STEP_SOURCES_KEY });
  };
}
