// Mantine's Select, with its dropdown machinery (Combobox, Popover, floating-ui, ScrollArea, Portal, transitions),
// in a chunk of its own: fetched once someone reaches for a dropdown, never with the first paint.
export { Select } from '@mantine/core';
