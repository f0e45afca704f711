// Every route of the web app with its layout, access rule (resource + action, default read),
// title and breadcrumbs. Pages load lazily with the 120 s chunk time-out.
import type { ComponentType, LazyExoticComponent } from "react";
import { lazyPage } from "../lib/lazy-page";
import type { Crumb, RouteHandle } from "./route-meta";

export type LayoutKind = "public" | "auth" | "app";

export interface AppRoute {
  path: string;
  layout: LayoutKind;
  handle: RouteHandle;
  page: LazyExoticComponent<ComponentType>;
}

const MODELS: Crumb = { label: "common:nav.models", to: "/model" };
const SCENARIOS: Crumb = { label: "common:nav.scenarios", to: "/model/scenarios" };
const DATA: Crumb = { label: "common:nav.data", to: "/model/scenario/dimensions" };
const ALLOC: Crumb = { label: "common:nav.allocations", to: "/workflowdashboard" };
const REPORTS: Crumb = { label: "common:nav.reports", to: "/report" };
const COMPANY: Crumb = { label: "common:nav.company", to: "/account" };
const SUPPORT: Crumb = { label: "common:nav.support", to: "/pages/faq" };
const WIZARD: Crumb = { label: "model:software.crumb", to: "/software/step01" };

const pub = (path: string, title: string, page: AppRoute["page"]): AppRoute => ({
  path,
  layout: "public",
  handle: { access: "public", subject: "Auth", title },
  page,
});
const auth = (path: string, access: "guest" | "open", title: string, page: AppRoute["page"]): AppRoute => ({
  path,
  layout: "auth",
  handle: { access, subject: "Auth", title },
  page,
});
const app = (
  path: string,
  subject: RouteHandle["subject"],
  title: string,
  crumbs: Crumb[],
  page: AppRoute["page"],
  action: RouteHandle["action"] = "read",
): AppRoute => ({
  path,
  layout: "app",
  handle: { access: "private", subject, action, title, crumbs: [...crumbs, { label: title }] },
  page,
});

const Home = lazyPage(() => import("../features/marketing/routes/home"));
const AboutUs = lazyPage(() => import("../features/marketing/routes/about-us"));
const Contact = lazyPage(() => import("../features/marketing/routes/contact"));
const NeedHelp = lazyPage(() => import("../features/marketing/routes/need-help"));
const NotFound = lazyPage(() => import("../features/errors/routes/not-found"));
const NotAuthorized = lazyPage(() => import("../features/errors/routes/not-authorized"));

const Login = lazyPage(() => import("../features/auth/routes/login"));
const Register = lazyPage(() => import("../features/auth/routes/register"));
const ForgotPassword = lazyPage(() => import("../features/auth/routes/forgot-password"));
const ResetPassword = lazyPage(() => import("../features/auth/routes/reset-password"));
const CompanySignup = lazyPage(() => import("../features/auth/routes/company-signup"));
const CompanyValidate = lazyPage(() => import("../features/auth/routes/company-validate"));

const Dashboard = lazyPage(() => import("../features/dashboard/routes/dashboard"));
const Workflow = lazyPage(() => import("../features/workflow/routes/workflow"));
const AccessControl = lazyPage(() => import("../features/access-control/routes/access-control"));
const Account = lazyPage(() => import("../features/account/routes/account"));
const AccountSetting = lazyPage(() => import("../features/settings/routes/account-setting"));
const Terms = lazyPage(() => import("../features/legal/routes/terms"));
const Privacy = lazyPage(() => import("../features/legal/routes/privacy"));
const Cookies = lazyPage(() => import("../features/legal/routes/cookies"));
const Faq = lazyPage(() => import("../features/legal/routes/faq"));
const ReleaseNotes = lazyPage(() => import("../features/legal/routes/release-notes"));
const Admin = lazyPage(() => import("../features/admin/routes/admin"));
const Components = lazyPage(() => import("../features/components-gallery/routes/components"));
const DataConnector = lazyPage(() => import("../features/data-connector/routes/data-connector-setup"));

const Models = lazyPage(() => import("../features/models/routes/models"));
const NewModel = lazyPage(() => import("../features/models/routes/new-model"));
const NewModelData = lazyPage(() => import("../features/models/routes/new-model-data"));
const StepRedirect = lazyPage(() => import("../features/models/routes/step-redirect"));
const DimensionRedirect = lazyPage(() => import("../features/models/routes/dimension-redirect"));

const Scenarios = lazyPage(() => import("../features/scenarios/routes/scenarios"));
const ManageScenario = lazyPage(() => import("../features/scenarios/routes/manage-scenario"));
const Calculations = lazyPage(() => import("../features/calculations/routes/calculations"));

const CostPools = lazyPage(() => import("../features/data/routes/cost-pools"));
const FinancialAccounts = lazyPage(() => import("../features/data/routes/financial-accounts"));
const Activities = lazyPage(() => import("../features/data/routes/activities"));
const Dimensions = lazyPage(() => import("../features/data/routes/dimensions"));
const DimensionData = lazyPage(() => import("../features/data/routes/dimension-data"));
const CalculatedDrivers = lazyPage(() => import("../features/data/routes/calculated-drivers"));

const FirstAllocation = lazyPage(() => import("../features/allocations/routes/first-allocation"));
const SecondAllocation = lazyPage(() => import("../features/allocations/routes/second-allocation"));
const ThirdAllocation = lazyPage(() => import("../features/allocations/routes/third-allocation"));
const FourthAllocation = lazyPage(() => import("../features/allocations/routes/fourth-allocation"));
const FifthAllocation = lazyPage(() => import("../features/allocations/routes/fifth-allocation"));
const SixthAllocation = lazyPage(() => import("../features/allocations/routes/sixth-allocation"));

const ReportCatalogue = lazyPage(() => import("../features/reports/routes/report-catalogue"));
const ReportVisualization = lazyPage(() => import("../features/reports/routes/report-visualization"));
const ProfitabilityReports = lazyPage(() => import("../features/reports/routes/profitability-reports"));
const ReportExport = lazyPage(() => import("../features/reports/routes/report-export"));
const PlReportStructure = lazyPage(() => import("../features/reports/routes/pl-report-structure"));
const MultipleDimension = lazyPage(() => import("../features/reports/routes/multiple-dimension"));
const MyReports = lazyPage(() => import("../features/reports/routes/my-reports"));
const PdfReport = lazyPage(() => import("../features/reports/routes/pdf-report"));
const Results = lazyPage(() => import("../features/allocations/routes/results"));
const ValidationReport = lazyPage(() => import("../features/results/routes/validation-report"));

const SoftwareStep = lazyPage(() => import("../features/software/routes/software-step"));
const DocStructure = lazyPage(() => import("../features/software/routes/doc-structure"));
const DimensionList = lazyPage(() => import("../features/software/routes/dimension-list"));
const DimensionEdit = lazyPage(() => import("../features/software/routes/dimension-edit"));
const DimensionUpload = lazyPage(() => import("../features/software/routes/dimension-upload"));
const DimensionUploadComplete = lazyPage(
  () => import("../features/software/routes/dimension-upload-complete"),
);

export const APP_ROUTES: AppRoute[] = [
  pub("/home", "public:home.metaTitle", Home),
  pub("/about-us", "public:about.metaTitle", AboutUs),
  pub("/contact", "public:contact.metaTitle", Contact),
  pub("/need-help", "public:help.metaTitle", NeedHelp),
  pub("/error-404", "common:errors.notFoundTitle", NotFound),
  pub("/not-authorized", "common:errors.notAuthorizedTitle", NotAuthorized),

  auth("/login", "guest", "auth:login.title", Login),
  auth("/register", "guest", "auth:register.title", Register),
  auth("/forgot-password", "guest", "auth:forgot.title", ForgotPassword),
  auth("/pages/authentication/reset-password-v1/:uid/:token", "guest", "auth:reset.title", ResetPassword),
  auth("/company-signup", "open", "auth:companySignup.title", CompanySignup),
  auth("/company/validate", "open", "auth:validate.title", CompanyValidate),

  app("/dashboard", "Dashboard", "app:dashboard.title", [], Dashboard),
  app("/dashboardWorkflow", "Dashboard", "app:workflow.title", [], Workflow),
  app("/workflowdashboard", "Dashboard", "app:workflow.title", [], Workflow),
  app("/access-control", "Auth", "app:accessControl.title", [], AccessControl),
  app("/account", "Account", "app:account.title", [COMPANY], Account),
  app("/pages/account-setting", "Account", "app:settings.title", [COMPANY], AccountSetting),
  app("/pages/terms", "Auth", "legal:terms.title", [SUPPORT], Terms),
  app("/pages/privacy", "Auth", "legal:privacy.title", [SUPPORT], Privacy),
  app("/pages/cookies", "Auth", "legal:cookies.title", [SUPPORT], Cookies),
  app("/pages/faq", "Auth", "legal:faq.title", [SUPPORT], Faq),
  app("/pages/release-notes", "Auth", "legal:releaseNotes.title", [SUPPORT], ReleaseNotes),
  app("/admin", "Admin", "app:admin.title", [], Admin),
  app("/components", "Auth", "app:components.title", [SUPPORT], Components),
  app("/data-connector-setup", "Report", "app:connector.title", [REPORTS], DataConnector),

  app("/model", "Model", "model:models.title", [], Models),
  app("/model/new", "Model", "model:newModel.title", [MODELS], NewModel, "create"),
  app("/model/new/data", "Data", "model:newData.title", [MODELS], NewModelData),
  app(
    "/model/:modelId/scenario/:scenarioId/step/:stepId",
    "Scenario",
    "model:redirect.title",
    [MODELS],
    StepRedirect,
  ),
  app(
    "/model/:modelId/scenario/:scenarioId/step/:stepId/dimension/:dimId",
    "Scenario",
    "model:redirect.title",
    [MODELS],
    DimensionRedirect,
  ),

  app("/model/scenarios", "Scenario", "model:scenarios.title", [MODELS], Scenarios),
  app("/model/scenario/manage", "Scenario", "model:manage.title", [MODELS, SCENARIOS], ManageScenario),
  app("/model/scenario/costpools", "Data", "model:costPools.title", [SCENARIOS, DATA], CostPools),
  app("/model/scenarios/calculations", "Calculation", "model:calculations.title", [SCENARIOS], Calculations),
  app(
    "/model/scenario/financial-accounts",
    "Data",
    "model:accounts.title",
    [SCENARIOS, DATA],
    FinancialAccounts,
  ),
  app(
    "/model/scenario/first-allocation",
    "Allocation",
    "model:allocation.step1.title",
    [ALLOC],
    FirstAllocation,
  ),
  app(
    "/model/scenario/second-allocation",
    "Allocation",
    "model:allocation.step2.title",
    [ALLOC],
    SecondAllocation,
  ),
  app(
    "/model/scenario/third-allocation",
    "Allocation",
    "model:allocation.step3.title",
    [ALLOC],
    ThirdAllocation,
  ),
  app(
    "/model/scenario/fourth-allocation",
    "Allocation",
    "model:allocation.step4.title",
    [ALLOC],
    FourthAllocation,
  ),
  app(
    "/model/scenario/fifth-allocation",
    "Allocation",
    "model:allocation.step5.title",
    [ALLOC],
    FifthAllocation,
  ),
  app(
    "/model/scenario/sixth-allocation",
    "Allocation",
    "model:allocation.step6.title",
    [ALLOC],
    SixthAllocation,
  ),
  app("/model/scenario/activities", "Data", "model:activities.title", [SCENARIOS, DATA], Activities),

  app("/model/scenario/dimensions", "Data", "model:dimensions.title", [SCENARIOS], Dimensions),
  app(
    "/model/scenario/dimension/data/:dimensionId",
    "Data",
    "model:dimensionData.title",
    [SCENARIOS, DATA],
    DimensionData,
  ),
  app(
    "/model/scenario/dimension/data/:dimensionId/old",
    "Data",
    "model:dimensionData.titleClassic",
    [SCENARIOS, DATA],
    DimensionData,
  ),
  app(
    "/model/scenario/dimension/calculated-drivers",
    "Data",
    "model:calcDrivers.title",
    [SCENARIOS, DATA],
    CalculatedDrivers,
  ),
  app(
    "/model/scenario/dimension/calculated-drivers/old",
    "Data",
    "model:calcDrivers.titleClassic",
    [SCENARIOS, DATA],
    CalculatedDrivers,
  ),

  app("/report", "Report", "report:catalogue.title", [], ReportCatalogue),
  app("/report-visualization", "Report", "report:visualization.title", [REPORTS], ReportVisualization),
  app("/profitability-reports", "Report", "report:profitability.title", [REPORTS], ProfitabilityReports),
  app("/report-export", "Report", "report:export.title", [REPORTS], ReportExport),
  app("/pl-report-structure", "Report", "report:plStructure.title", [REPORTS], PlReportStructure),
  app("/multiple-dimension", "Report", "report:multiDimension.title", [REPORTS], MultipleDimension),
  app("/reports/my-reports", "Report", "report:myReports.title", [REPORTS], MyReports),
  app("/pdf-report", "Report", "report:pdf.title", [REPORTS], PdfReport),
  app("/report/results", "Report", "allocation:results.title", [REPORTS], Results),
  app("/report/validation", "Report", "allocation:validation.title", [REPORTS], ValidationReport),

  app("/software/step01", "Data", "model:software.step01.title", [WIZARD], SoftwareStep),
  app("/software/step02", "Data", "model:software.step02.title", [WIZARD], SoftwareStep),
  app("/software/step03", "Data", "model:software.step03.title", [WIZARD], SoftwareStep),
  app("/software/step04", "Data", "model:software.step04.title", [WIZARD], SoftwareStep),
  app("/software/docStructure", "Data", "model:software.doc.title", [WIZARD], DocStructure),
  app("/software/dimension/list", "Data", "model:software.dimList.title", [WIZARD], DimensionList),
  app("/software/dimension/edit", "Data", "model:software.dimEdit.title", [WIZARD], DimensionEdit),
  app("/software/dimension/upload", "Data", "model:software.upload.title", [WIZARD], DimensionUpload),
  app(
    "/software/dimension/upload/complete",
    "Data",
    "model:software.uploadComplete.title",
    [WIZARD],
    DimensionUploadComplete,
  ),
];
