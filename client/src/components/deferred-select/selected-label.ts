type Option = string | { value: string; label?: string };
type OptionOrGroup = Option | { group: unknown; items: readonly Option[] };

/**
 * The text a closed Select shows for `value`: the matching option's label, looked up in plain strings, options and
 * option groups alike, as Mantine's Select does; empty when nothing matches (its placeholder shows instead).
 */
export function selectedLabel(data: readonly OptionOrGroup[] | undefined, value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  for (const item of data ?? []) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if ('group' in item) {
      const found = selectedLabel(item.items, value);
      if (found) return found;
    } else if (item.value === value) {
      return item.label ?? item.value;
    }
  }
  return '';
}
