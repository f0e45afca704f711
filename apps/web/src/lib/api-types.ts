// Types of the API, from the zod schemas of packages/contract. Fetchers import the schemas
// themselves (to check answers in development builds); these are the types the rest of the app
// shares.
import type { AbilityRule, Action, Subject } from "@costflow/contract/abilities";
import type {
  CompanyInvitation,
  CompanyRequest,
  DecisionStatus,
  Notification,
  NotificationPage,
} from "@costflow/contract/account";
import type { OutboxEmail } from "@costflow/contract/admin";
import type { TokenPair } from "@costflow/contract/auth";
import type { QuickResume } from "@costflow/contract/dashboard";
import type { ErrorBody, FieldError } from "@costflow/contract/errors";
import type { Language } from "@costflow/contract/languages";
import type { Model, Scenario, ScenarioStatus } from "@costflow/contract/models";
import type { Page } from "@costflow/contract/pagination";
import type { Me, Membership, Settings, Skin } from "@costflow/contract/users";

export type {
  /** One rule of `Me.ability`: an action on a subject. */
  AbilityRule,
  Action,
  CompanyInvitation,
  CompanyRequest,
  /** The error body of every 4xx/5xx; the client reads it as a Partial, a proxy may send another. */
  ErrorBody,
  FieldError,
  Language,
  Me,
  Membership,
  NotificationPage,
  OutboxEmail,
  Page,
  QuickResume,
  Scenario,
  ScenarioStatus,
  Settings,
  Skin,
  Subject,
  TokenPair,
};
export type AppNotification = Notification;
export type CostModel = Model;
export type RequestStatus = DecisionStatus;
