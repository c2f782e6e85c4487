import { useId, type CSSProperties } from 'react';
import classes from './segmented-choice.module.css';

interface SegmentedChoiceProps<Value extends string> {
  data: readonly { value: Value; label: string }[];
  value: Value;
  onChange(value: Value): void;
  'aria-label': string;
  'data-testid'?: string;
  style?: CSSProperties;
}

/**
 * One of a few options, as a row of segments: radio buttons underneath (arrow keys move between them, screen
 * readers announce a radio group), looking like Mantine's full-width SegmentedControl. The first paint needs only
 * this much of it, not its measuring and animation machinery.
 */
export function SegmentedChoice<Value extends string>({ data, value, onChange, style, ...labels }: SegmentedChoiceProps<Value>) {
  const name = useId();
  const chosenIndex = Math.max(0, data.findIndex((item) => item.value === value));
  const layout = { '--segment-count': data.length, '--segment-index': chosenIndex } as CSSProperties;

  return (
    <div className={classes.root} role="radiogroup" style={{ ...layout, ...style }} {...labels}>
      <span className={classes.plate} aria-hidden="true" />
      {data.map((item) => {
        const chosen = item.value === value;
        const id = `${name}-${item.value}`;
        return (
          <div key={item.value} className={classes.segment} data-active={chosen || undefined}>
            <input className={classes.input} type="radio" id={id} name={name} value={item.value} checked={chosen} onChange={() => onChange(item.value)} />
            <label className={classes.label} htmlFor={id} data-active={chosen || undefined}>
              {item.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
