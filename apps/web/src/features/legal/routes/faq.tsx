import { Accordion, Card, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";

const QUESTIONS = [
  { q: "legal:faq.q1.q", a: "legal:faq.q1.a" },
  { q: "legal:faq.q2.q", a: "legal:faq.q2.a" },
  { q: "legal:faq.q3.q", a: "legal:faq.q3.a" },
  { q: "legal:faq.q4.q", a: "legal:faq.q4.a" },
  { q: "legal:faq.q5.q", a: "legal:faq.q5.a" },
  { q: "legal:faq.q6.q", a: "legal:faq.q6.a" },
  { q: "legal:faq.q7.q", a: "legal:faq.q7.a" },
  { q: "legal:faq.q8.q", a: "legal:faq.q8.a" },
  { q: "legal:faq.q9.q", a: "legal:faq.q9.a" },
  { q: "legal:faq.q10.q", a: "legal:faq.q10.a" },
];

export default function FaqPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("legal:faq.title")} description={t("legal:faq.intro")} />
      <Card maw={900} p={{ base: "sm", sm: "lg" }}>
        <Accordion variant="separated" radius="md" defaultValue={QUESTIONS[0]!.q}>
          {QUESTIONS.map((item) => (
            <Accordion.Item key={item.q} value={item.q}>
              <Accordion.Control>{t(item.q)}</Accordion.Control>
              <Accordion.Panel>
                <Text fz="sm" className="cf-prose">
                  {t(item.a)}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Card>
    </>
  );
}
