import "./lib/zod-jitless";
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/dropzone/styles.css";
import "./styles/app.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { configureApiClient } from "./lib/api-client";
import { currentLanguage, initI18n } from "./lib/i18n";

async function start(): Promise<void> {
  await initI18n();
  configureApiClient({ language: currentLanguage });
  const root = document.getElementById("root");
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
