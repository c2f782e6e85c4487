import { createTheme } from '@mantine/core';

// Mantine's defaults, with one brand colour and slightly rounder corners; everything else follows from these.
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
});
