// Mantine's Tooltip as a module of its own, so hover-tooltip.tsx can load it (and floating-ui under it)
// lazily: no tooltip can show before the pointer comes near.
export { Tooltip as default } from '@mantine/core';
