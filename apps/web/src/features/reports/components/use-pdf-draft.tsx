// The PDF builder's draft: the report being edited, the one named in the URL (?report=id), and
// saving, duplicating and deleting it; and the two PDFs the page requests from the file pipeline.
import type { PdfBlockInput } from "@costflow/contract/pdf-reports";
import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EXPORT_FILES_KEY, requestExportFile } from "../../../lib/api/request-export-file";
import { ApiError } from "../../../lib/api-client";
import { DEFAULT_PDF_ORIENTATION } from "../../../lib/constants";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useDeletePdfReport } from "../api/delete-pdf-report";
import { useDuplicatePdfReport } from "../api/duplicate-pdf-report";
import { type PdfReport, usePdfReports } from "../api/get-pdf-reports";
import { useSavePdfReport } from "../api/save-pdf-report";

export interface Draft {
  id?: number;
  title: string;
  description: string;
  orientation: "portrait" | "landscape";
  blocks: PdfBlockInput[];
}

const EMPTY: Draft = { title: "", description: "", orientation: DEFAULT_PDF_ORIENTATION, blocks: [] };

function draftOf(report: PdfReport): Draft {
  return {
    id: report.id,
    title: report.title,
    description: report.description,
    orientation: report.orientation,
    blocks: report.data.blocks as PdfBlockInput[],
  };
}

function useFailed() {
  const { t } = useTranslation();
  return (error: unknown) =>
    notifyError(error instanceof ApiError ? error.message : t("common:messages.errorSomethingHappen"));
}

export function usePdfDraft(scenario: number) {
  const { t } = useTranslation();
  const failed = useFailed();
  const [params, setParams] = useSearchParams();
  const reports = usePdfReports();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const save = useSavePdfReport();
  const duplicate = useDuplicatePdfReport();
  const remove = useDeletePdfReport();

  // A report named in the URL (?report=id, from My reports) opens once it is listed.
  const wanted = Number(params.get("report")) || null;
  const list = reports.data?.results ?? [];
  if (wanted !== null && wanted !== loadedId) {
    const found = list.find((r) => r.id === wanted);
    if (found) {
      setLoadedId(wanted);
      setDraft(draftOf(found));
    }
  }
  const open = (id: string | null) => {
    const found = list.find((r) => String(r.id) === id);
    setDraft(found ? draftOf(found) : EMPTY);
    setLoadedId(found?.id ?? null);
    setParams(found ? { report: String(found.id) } : {}, { replace: true });
  };
  // A report just saved or copied becomes the one edited and the one in the URL.
  const show = (report: PdfReport) => {
    setDraft(draftOf(report));
    setLoadedId(report.id);
    setParams({ report: String(report.id) }, { replace: true });
  };

  const onSave = async () => {
    try {
      const saved = await save.mutateAsync({
        id: draft.id,
        body: {
          title: draft.title,
          description: draft.description,
          orientation: draft.orientation,
          data: { scenario, blocks: draft.blocks },
        },
      });
      show(saved);
      notifySuccess(t("report:pdf.saved"));
      return saved;
    } catch (error) {
      failed(error);
      return null;
    }
  };
  const onDuplicate = async () => {
    if (!draft.id) return;
    try {
      show(await duplicate.mutateAsync(draft.id));
      notifySuccess(t("report:pdf.duplicated"));
    } catch (error) {
      failed(error);
    }
  };
  const onDelete = () => {
    if (!draft.id) return;
    const id = draft.id;
    modals.openConfirmModal({
      title: t("report:pdf.delete"),
      children: <Text fz="sm">{t("report:pdf.deleteConfirm", { title: draft.title })}</Text>,
      labels: { confirm: t("report:pdf.delete"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(id);
          open(null);
          notifySuccess(t("report:pdf.deleted"));
        } catch (error) {
          failed(error);
        }
      },
    });
  };

  return { list, draft, setDraft, open, onSave, saving: save.isPending, onDuplicate, onDelete };
}

// Both PDFs are files of the pipeline (docs/exports.md): requested here, written by a worker,
// listed on the page with their progress and downloaded from there (and from the downloads list).
export function usePdfRequests(scenario: number, onSave: () => Promise<PdfReport | null>) {
  const { t, i18n } = useTranslation();
  const failed = useFailed();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<"pdf" | "summary" | null>(null);

  const requestPdf = async (body: { data_type: "PDF_REPORT" | "PDF_SUMMARY"; report?: number }) => {
    await requestExportFile({ scenario, ...body, options: { language: i18n.language } });
    await queryClient.invalidateQueries({ queryKey: EXPORT_FILES_KEY });
    notifySuccess(t("report:pdf.queued"));
  };
  const onGenerate = async () => {
    const saved = await onSave();
    if (!saved) return;
    setBusy("pdf");
    try {
      await requestPdf({ data_type: "PDF_REPORT", report: saved.id });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };
  const onSummary = async () => {
    setBusy("summary");
    try {
      await requestPdf({ data_type: "PDF_SUMMARY" });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  return { busy, onGenerate, onSummary };
}
