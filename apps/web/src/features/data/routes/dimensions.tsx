import type { DimensionNode } from "@costflow/contract/dimensions";
import { Button, Grid } from "@mantine/core";
import { IconPlus, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { useDimensionTree } from "../api/get-dimension-tree";
import { DimensionDetail, DimensionHierarchy, useDimensionDeletes } from "../components/dimension-detail";
import { DimensionFormModal, EditDriverModal, NewDriverModal } from "../components/dimension-modals";
import { flattenTree } from "../components/dimension-tree";
import { ScopeNote } from "../components/scope-note";

function Dimensions({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const tree = useDimensionTree(model, scenario);
  const roots = tree.data?.dimensions ?? [];
  const all = flattenTree(roots);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = all.find((d) => d.id === selectedId) ?? all[0] ?? null;
  const [editing, setEditing] = useState<DimensionNode | "new" | null>(null);
  const [addingDriver, setAddingDriver] = useState(false);
  const [editingDriver, setEditingDriver] = useState<number | null>(null);
  const { askDeleteDimension, askDeleteDriver, askDeleteAll } = useDimensionDeletes(() =>
    setSelectedId(null),
  );
  const titleOf = (id: number | null) =>
    all.find((d) => d.id === id)?.title ?? t("data:dimensionManager.noParent");

  return (
    <>
      <DimensionsHeader onNew={() => setEditing("new")} />
      <ScopeNote>{t("model:dimensions.scope")}</ScopeNote>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <DimensionHierarchy
            loading={tree.isLoading}
            roots={roots}
            selected={selected?.id ?? null}
            onSelect={(n) => setSelectedId(n.id)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {selected && (
            <DimensionDetail
              dimension={selected}
              parentTitle={titleOf(selected.pid)}
              onEdit={() => setEditing(selected)}
              onDelete={() => askDeleteDimension(selected)}
              onDeleteAll={() => askDeleteAll(selected)}
              onAddDriver={() => setAddingDriver(true)}
              onEditDriver={setEditingDriver}
              onDeleteDriver={askDeleteDriver}
            />
          )}
        </Grid.Col>
      </Grid>
      <DimensionFormModal
        editing={editing}
        all={all}
        model={model}
        onClose={() => setEditing(null)}
        onSaved={setSelectedId}
      />
      <EditDriverModal driverId={editingDriver} all={all} onClose={() => setEditingDriver(null)} />
      <NewDriverModal
        opened={addingDriver}
        dimension={selected}
        all={all}
        onClose={() => setAddingDriver(false)}
      />
    </>
  );
}

function DimensionsHeader({ onNew }: { onNew: () => void }) {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t("model:dimensions.title")}
      description={t("model:dimensions.subtitle")}
      actions={
        <>
          <Button
            component={Link}
            to="/software/dimension/upload"
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
          >
            {t("model:software.upload.title")}
          </Button>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={onNew}
            data-testid="create-dimension"
          >
            {t("data:dimensionManager.new")}
          </Button>
        </>
      }
    />
  );
}

export default function DimensionsPage() {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.model && ctx.scenario && <Dimensions model={ctx.model.id} scenario={ctx.scenario.id} />}
    </RequireScenario>
  );
}
