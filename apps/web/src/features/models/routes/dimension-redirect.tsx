import { useParams } from "react-router";
import { ContextRedirect } from "../components/context-redirect";

export default function DimensionRedirectPage() {
  const { modelId, scenarioId, dimId } = useParams();
  return (
    <ContextRedirect
      modelId={Number(modelId)}
      scenarioId={Number(scenarioId)}
      target={`/model/scenario/dimension/data/${encodeURIComponent(dimId ?? "")}`}
    />
  );
}
