import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { getOptions, type Option, type OptionSource } from "../api/get-options";

interface RemoteSelectProps {
  source: OptionSource;
  ctx: { model: number; scenario: number; dimension?: number | null };
  label: string;
  description?: string;
  value: string | null;
  onChange: (value: string | null, option: Option | null) => void;
  /** The saved value's label, shown even when it is not among the first 100 options. */
  current?: Option | null;
  exclude?: string | null;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  clearable?: boolean;
  placeholder?: string;
  testId?: string;
}

/** A searchable select over a list endpoint (server search where the API has it). */
export function RemoteSelect(props: RemoteSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const selectedLabel = props.current?.label ?? "";
  const term = debounced === selectedLabel ? "" : debounced;
  const query = useQuery({
    queryKey: ["allocation", "options", props.source, props.ctx, term],
    queryFn: () => getOptions(props.source, props.ctx, term),
    placeholderData: keepPreviousData,
    enabled: !props.disabled,
  });
  const fetched = (query.data ?? []).filter((o) => o.value !== props.exclude);
  const options =
    props.current && !fetched.some((o) => o.value === props.current!.value)
      ? [props.current, ...fetched]
      : fetched;

  return (
    <Select
      label={props.label}
      description={props.description}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      value={props.value}
      onChange={(v) => props.onChange(v, options.find((o) => o.value === v) ?? null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={query.isFetching ? t("allocation:form.loading") : t("common:messages.noResults")}
      error={props.error}
      withAsterisk={props.required}
      disabled={props.disabled}
      clearable={props.clearable}
      placeholder={props.placeholder ?? t("allocation:form.pick")}
      data-testid={props.testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
