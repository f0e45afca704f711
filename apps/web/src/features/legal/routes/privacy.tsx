import { LegalPage, type LegalSection } from "../components/legal-page";

const SECTIONS: LegalSection[] = [
  {
    title: "legal:privacy.s1.title",
    paragraphs: ["legal:privacy.s1.p1"],
    bullets: ["legal:privacy.s1.b1", "legal:privacy.s1.b2", "legal:privacy.s1.b3", "legal:privacy.s1.b4"],
  },
  { title: "legal:privacy.s2.title", paragraphs: ["legal:privacy.s2.p1"] },
  { title: "legal:privacy.s3.title", paragraphs: ["legal:privacy.s3.p1"] },
  { title: "legal:privacy.s4.title", paragraphs: ["legal:privacy.s4.p1"] },
  { title: "legal:privacy.s5.title", paragraphs: ["legal:privacy.s5.p1"] },
  {
    title: "legal:privacy.s6.title",
    paragraphs: ["legal:privacy.s6.p1"],
    bullets: ["legal:privacy.s6.b1", "legal:privacy.s6.b2", "legal:privacy.s6.b3", "legal:privacy.s6.b4"],
  },
  { title: "legal:privacy.s7.title", paragraphs: ["legal:privacy.s7.p1"] },
];

export default function PrivacyPage() {
  return <LegalPage title="legal:privacy.title" intro="legal:privacy.intro" sections={SECTIONS} />;
}
