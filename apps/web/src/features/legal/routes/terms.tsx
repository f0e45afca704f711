import { LegalPage, type LegalSection } from "../components/legal-page";

const SECTIONS: LegalSection[] = [
  { title: "legal:terms.s1.title", paragraphs: ["legal:terms.s1.p1"] },
  { title: "legal:terms.s2.title", paragraphs: ["legal:terms.s2.p1", "legal:terms.s2.p2"] },
  {
    title: "legal:terms.s3.title",
    paragraphs: ["legal:terms.s3.p1"],
    bullets: ["legal:terms.s3.b1", "legal:terms.s3.b2", "legal:terms.s3.b3", "legal:terms.s3.b4"],
  },
  { title: "legal:terms.s4.title", paragraphs: ["legal:terms.s4.p1", "legal:terms.s4.p2"] },
  { title: "legal:terms.s5.title", paragraphs: ["legal:terms.s5.p1"] },
  { title: "legal:terms.s6.title", paragraphs: ["legal:terms.s6.p1"] },
  { title: "legal:terms.s7.title", paragraphs: ["legal:terms.s7.p1"] },
  { title: "legal:terms.s8.title", paragraphs: ["legal:terms.s8.p1"] },
];

export default function TermsPage() {
  return <LegalPage title="legal:terms.title" intro="legal:terms.intro" sections={SECTIONS} />;
}
