import { InputBase, type SelectProps } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { loadedSelect, loadSelect, prefetchSelectWhenIdle } from './load-select.ts';
import { SelectChevron } from './select-chevron.tsx';
import { selectedLabel } from './selected-label.ts';

export type DeferredSelectProps = SelectProps & { 'data-testid'?: string };

// The keys that open a closed Mantine Select (its Combobox target, as a button).
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', 'NumpadEnter', 'Space']);

/**
 * A Mantine Select whose dropdown code loads when it is first used. Until then a closed stand-in is drawn with the
 * same input, label, description, error and chevron, and the same value; a click or an opening key on it brings in
 * the real Select, already focused and open. The first paint shows closed selects only, so the dropdown machinery
 * (about a quarter of Mantine's first-paint code) stays off it.
 */
export function DeferredSelect(props: DeferredSelectProps) {
  // Decided once per mount: a select that has drawn its stand-in keeps it until used, so a chunk arriving in the
  // background never swaps the element under a pointer half-way through a click.
  const [live, setLive] = useState(() => loadedSelect() !== null);
  const openOnArrival = useRef(false);
  const liveInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!live) prefetchSelectWhenIdle();
    // Once, on mount: later renders never need it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!live || !openOnArrival.current) return;
    openOnArrival.current = false;
    // The real Select opens on a click on its input, as if the person's own click had landed there.
    liveInput.current?.click();
  }, [live]);

  const Select = live ? loadedSelect() : null;
  if (Select) return <Select {...props} ref={liveInput} />;

  const open = () => {
    if (props.disabled || props.readOnly) return;
    openOnArrival.current = true;
    loadSelect().then(
      () => setLive(true),
      // Offline or a failed deploy: the stand-in stays, and the next click tries again.
      () => (openOnArrival.current = false),
    );
  };
  const openFromKeyboard = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!OPENING_KEYS.has(event.code)) return;
    event.preventDefault();
    open();
  };

  return (
    <InputBase
      label={props.label}
      description={props.description}
      error={props.error}
      placeholder={props.placeholder}
      disabled={props.disabled}
      value={selectedLabel(props.data, props.value)}
      readOnly
      pointer
      rightSection={<SelectChevron error={Boolean(props.error)} />}
      rightSectionPointerEvents="none"
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      onClick={open}
      onKeyDown={openFromKeyboard}
      onPointerEnter={() => void loadSelect().catch(() => undefined)}
      onFocus={() => void loadSelect().catch(() => undefined)}
      data-testid={props['data-testid']}
    />
  );
}
