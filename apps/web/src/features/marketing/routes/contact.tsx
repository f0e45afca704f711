import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconClock, IconMail, IconMailForward, IconMessageCircle } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { SUPPORT_EMAIL } from "../../../lib/constants";
import { errorText, useZodForm } from "../../../lib/use-zod-form";

const required = "common:validation.required";
const contactSchema = z.object({
  name: z.string().trim().min(1, required),
  email: z.string().trim().min(1, required).email("common:validation.email"),
  company: z.string().trim(),
  topic: z.string().min(1, required),
  message: z.string().trim().min(1, required).min(20, "public:contact.messageTooShort"),
});

const TOPICS = [
  { value: "sales", label: "public:contact.topics.sales" },
  { value: "support", label: "public:contact.topics.support" },
  { value: "billing", label: "public:contact.topics.billing" },
  { value: "partnership", label: "public:contact.topics.partnership" },
  { value: "other", label: "public:contact.topics.other" },
];

export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={{ base: 40, sm: 72 }}>
      <Stack gap="xs" mb={40} maw={680}>
        <Title order={1} fz={{ base: 30, sm: 40 }} data-testid="page-title">
          {t("public:contact.title")}
        </Title>
        <Text c="dimmed" fz="lg">
          {t("public:contact.subtitle")}
        </Text>
      </Stack>
      <Grid gap={40}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card p="xl">
            <ContactForm />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <ContactItem icon={IconMail} title={t("public:contact.supportTitle")}>
              <Anchor href={`mailto:${SUPPORT_EMAIL}`} dir="ltr">
                {SUPPORT_EMAIL}
              </Anchor>
              <Text fz="sm" c="dimmed">
                {t("public:contact.supportText")}
              </Text>
            </ContactItem>
            <ContactItem icon={IconClock} title={t("public:contact.hoursTitle")}>
              <Text fz="sm" c="dimmed">
                {t("public:contact.hoursText")}
              </Text>
            </ContactItem>
            <ContactItem icon={IconMessageCircle} title={t("public:contact.languagesTitle")}>
              <Text fz="sm" c="dimmed">
                {t("public:contact.languagesText")}
              </Text>
            </ContactItem>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

/** One way to reach us: an icon, a title and what follows. */
function ContactItem({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof IconMail;
  title: string;
  children: ReactNode;
}) {
  return (
    <Group align="flex-start" wrap="nowrap">
      <ThemeIcon size={40} variant="light" radius="md">
        <Icon size={20} aria-hidden />
      </ThemeIcon>
      <Stack gap={2}>
        <Text fw={650}>{title}</Text>
        {children}
      </Stack>
    </Group>
  );
}

/** The message form. There is no contact API: the validated message opens in the visitor's own
 * mail client, addressed to support, so nothing is silently lost. */
function ContactForm() {
  const { t } = useTranslation();
  const [composed, setComposed] = useState(false);
  const form = useZodForm(contactSchema, { name: "", email: "", company: "", topic: "", message: "" });
  const v = form.values;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (!parsed) return;
    const topic = t(TOPICS.find((x) => x.value === parsed.topic)?.label ?? "public:contact.topics.other");
    const subject = t("public:contact.mailSubject", { topic, name: parsed.name });
    const body = `${parsed.message}\n\n— ${parsed.name}${parsed.company ? `, ${parsed.company}` : ""} <${parsed.email}>`;
    window.location.href = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
    setComposed(true);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="contact-form">
      <Stack gap="md">
        {composed && (
          <Alert color="teal" variant="light" icon={<IconMailForward aria-hidden />}>
            {t("public:contact.composed", { email: SUPPORT_EMAIL })}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("public:contact.name")}
            autoComplete="name"
            value={v.name}
            onChange={(e) => form.setValue("name", e.currentTarget.value)}
            error={errorText(t, form.errors.name)}
            required
          />
          <TextInput
            label={t("auth:fields.email")}
            type="email"
            autoComplete="email"
            dir="ltr"
            value={v.email}
            onChange={(e) => form.setValue("email", e.currentTarget.value)}
            error={errorText(t, form.errors.email)}
            required
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("auth:fields.companyName")}
            autoComplete="organization"
            value={v.company}
            onChange={(e) => form.setValue("company", e.currentTarget.value)}
          />
          <Select
            label={t("public:contact.topic")}
            data={TOPICS.map((x) => ({ value: x.value, label: t(x.label) }))}
            value={v.topic || null}
            onChange={(val) => form.setValue("topic", val ?? "")}
            error={errorText(t, form.errors.topic)}
            required
          />
        </SimpleGrid>
        <Textarea
          label={t("public:contact.message")}
          minRows={5}
          autosize
          value={v.message}
          onChange={(e) => form.setValue("message", e.currentTarget.value)}
          error={errorText(t, form.errors.message)}
          required
        />
        <Group justify="flex-end">
          <Button type="submit" data-testid="contact-submit">
            {t("public:contact.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
