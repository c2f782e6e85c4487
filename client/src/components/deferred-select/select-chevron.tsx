import classes from './select-chevron.module.css';

/**
 * The up-and-down chevron on the right of a closed Select, at the size and in the colours Mantine's Select uses, so
 * the stand-in and the real one look the same.
 */
export function SelectChevron({ error }: { error: boolean }) {
  return (
    <svg className={classes.chevron} data-error={error || undefined} viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <path d="M5.25 5.75 7.5 3.5l2.25 2.25M5.25 9.25 7.5 11.5l2.25-2.25" stroke="currentColor" strokeWidth="0.9" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
