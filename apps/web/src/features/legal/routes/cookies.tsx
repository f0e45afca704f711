import { Code, Table, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { STORAGE_KEYS } from "../../../lib/storage";
import { LegalPage, type LegalSection } from "../components/legal-page";

const SECTIONS: LegalSection[] = [
  { title: "legal:cookies.s1.title", paragraphs: ["legal:cookies.s1.p1"] },
  { title: "legal:cookies.s2.title", paragraphs: ["legal:cookies.s2.p1"] },
  { title: "legal:cookies.s3.title", paragraphs: ["legal:cookies.s3.p1"] },
];

// What the app really keeps in the browser (src/lib/storage.ts), described in the table below.
const ITEMS = [
  { key: STORAGE_KEYS.access, purpose: "legal:cookies.items.access" },
  { key: STORAGE_KEYS.refresh, purpose: "legal:cookies.items.refresh" },
  { key: STORAGE_KEYS.userData, purpose: "legal:cookies.items.userData" },
  { key: STORAGE_KEYS.context, purpose: "legal:cookies.items.context" },
  { key: STORAGE_KEYS.skin, purpose: "legal:cookies.items.skin" },
  { key: STORAGE_KEYS.language, purpose: "legal:cookies.items.language" },
];

export default function CookiesPage() {
  const { t } = useTranslation();
  return (
    <LegalPage title="legal:cookies.title" intro="legal:cookies.intro" sections={SECTIONS}>
      <Title order={2} fz="lg">
        {t("legal:cookies.tableTitle")}
      </Title>
      <div className="cf-table-wrap">
        <Table miw={520} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("legal:cookies.name")}</Table.Th>
              <Table.Th>{t("legal:cookies.purpose")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ITEMS.map((i) => (
              <Table.Tr key={i.key}>
                <Table.Td>
                  <Code>{i.key}</Code>
                </Table.Td>
                <Table.Td fz="sm">{t(i.purpose)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </LegalPage>
  );
}
