// The app menu. Each entry names the subject it needs, so the navbar only shows what the abilities
// allow.
import {
  IconBook2,
  IconBuilding,
  IconChartTreemap,
  IconDatabase,
  IconHeadset,
  IconHierarchy3,
  IconLayoutDashboard,
  IconRoute,
  IconStack2,
} from "@tabler/icons-react";
import type { Subject } from "../../lib/api-types";

interface NavLeaf {
  label: string;
  to: string;
  subject: Subject;
}

export interface NavGroup {
  label: string;
  icon: typeof IconLayoutDashboard;
  to?: string;
  subject: Subject;
  children?: NavLeaf[];
}

export const NAV_ITEMS: NavGroup[] = [
  { label: "common:nav.dashboard", icon: IconLayoutDashboard, to: "/dashboard", subject: "Dashboard" },
  { label: "common:nav.models", icon: IconHierarchy3, to: "/model", subject: "Model" },
  { label: "common:nav.scenarios", icon: IconStack2, to: "/model/scenarios", subject: "Scenario" },
  {
    label: "common:nav.workflow",
    icon: IconRoute,
    subject: "Allocation",
    children: [
      { label: "common:nav.workflowOverview", to: "/workflowdashboard", subject: "Dashboard" },
      { label: "common:nav.step1", to: "/model/scenario/first-allocation", subject: "Allocation" },
      { label: "common:nav.step2", to: "/model/scenario/second-allocation", subject: "Allocation" },
      { label: "common:nav.step3", to: "/model/scenario/third-allocation", subject: "Allocation" },
      { label: "common:nav.step4", to: "/model/scenario/fourth-allocation", subject: "Allocation" },
      { label: "common:nav.step5", to: "/model/scenario/fifth-allocation", subject: "Allocation" },
      { label: "common:nav.step6", to: "/model/scenario/sixth-allocation", subject: "Allocation" },
      { label: "common:nav.calculations", to: "/model/scenarios/calculations", subject: "Calculation" },
    ],
  },
  {
    label: "common:nav.dataDrivers",
    icon: IconDatabase,
    subject: "Data",
    children: [
      { label: "common:nav.financialAccounts", to: "/model/scenario/financial-accounts", subject: "Data" },
      { label: "common:nav.costPools", to: "/model/scenario/costpools", subject: "Data" },
      { label: "common:nav.activities", to: "/model/scenario/activities", subject: "Data" },
      { label: "common:nav.dimensions", to: "/model/scenario/dimensions", subject: "Data" },
      {
        label: "common:nav.calculatedDrivers",
        to: "/model/scenario/dimension/calculated-drivers",
        subject: "Data",
      },
      { label: "common:nav.dataWizard", to: "/software/step01", subject: "Data" },
    ],
  },
  {
    label: "common:nav.reports",
    icon: IconChartTreemap,
    subject: "Report",
    children: [
      { label: "common:nav.reportCatalogue", to: "/report", subject: "Report" },
      { label: "common:nav.visualization", to: "/report-visualization", subject: "Report" },
      { label: "common:nav.profitability", to: "/profitability-reports", subject: "Report" },
      { label: "common:nav.multipleDimension", to: "/multiple-dimension", subject: "Report" },
      { label: "common:nav.plStructure", to: "/pl-report-structure", subject: "Report" },
      { label: "common:nav.myReports", to: "/reports/my-reports", subject: "Report" },
      { label: "common:nav.pdfReport", to: "/pdf-report", subject: "Report" },
      { label: "common:nav.export", to: "/report-export", subject: "Report" },
      { label: "common:nav.dataConnector", to: "/data-connector-setup", subject: "Report" },
    ],
  },
  {
    label: "common:nav.company",
    icon: IconBuilding,
    subject: "Account",
    children: [
      { label: "common:nav.myAccount", to: "/account", subject: "Account" },
      { label: "common:nav.accountSettings", to: "/pages/account-setting", subject: "Account" },
      { label: "common:nav.accessControl", to: "/access-control", subject: "Auth" },
      { label: "common:nav.admin", to: "/admin", subject: "Admin" },
    ],
  },
  {
    label: "common:nav.support",
    icon: IconHeadset,
    subject: "Auth",
    children: [
      { label: "common:nav.aboutUs", to: "/about-us", subject: "Auth" },
      { label: "common:nav.contacts", to: "/contact", subject: "Auth" },
      { label: "common:nav.faq", to: "/pages/faq", subject: "Auth" },
      { label: "common:nav.releaseNotes", to: "/pages/release-notes", subject: "Auth" },
      { label: "common:nav.components", to: "/components", subject: "Auth" },
    ],
  },
  {
    label: "common:nav.legal",
    icon: IconBook2,
    subject: "Auth",
    children: [
      { label: "common:nav.terms", to: "/pages/terms", subject: "Auth" },
      { label: "common:nav.privacy", to: "/pages/privacy", subject: "Auth" },
      { label: "common:nav.cookies", to: "/pages/cookies", subject: "Auth" },
    ],
  },
];
