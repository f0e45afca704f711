import { useParams } from "react-router";
import { ContextRedirect, stepPath } from "../components/context-redirect";

export default function StepRedirectPage() {
  const { modelId, scenarioId, stepId } = useParams();
  return (
    <ContextRedirect modelId={Number(modelId)} scenarioId={Number(scenarioId)} target={stepPath(stepId)} />
  );
}
